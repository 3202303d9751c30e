import { type RunningService, type SharedInfrastructure, startService } from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type DashboardConfig, SERVICE_NAME } from "./config";

/** Wiring: config → infrastructure (the cache holds sessions) → app → listen. */
export function startDashboard(
  config: DashboardConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { cache: true },
    shared,
    build: async ({ logger, readiness, infra, clock }) => {
      const app = await buildApp({
        config,
        logger,
        clock,
        readiness,
        cache: infra.cache!.cache,
        locks: infra.cache!.locks,
        rateLimiter: infra.cache!.rateLimiter,
        // Redis is shared by the replicas and does not evict by count; in memory, buildApp keeps
        // pending sign-ins in a cache of their own.
        pendingLoginCache: infra.cache!.kind === "redis" ? infra.cache!.cache : undefined,
      });
      return { http: app.http, grpc: app.grpc };
    },
  });
}
