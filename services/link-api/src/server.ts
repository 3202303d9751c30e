import { fileURLToPath } from "node:url";
import { createVerifierFromConfig } from "@kurz/auth-verifier";
import { createLogger } from "@kurz/logger";
import {
  connectInfrastructure,
  downstreamReadiness,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { createGrpcAccountPlans } from "./accounts/create-grpc-account-plans";
import { buildApp } from "./app";
import { type LinkApiConfig, SERVICE_NAME } from "./config";
import type { LinkApiDatabase } from "./db/link-api-database";
import { createDnsDomainVerifier } from "./domains/domain-verifier";
import { createShortHosts } from "./hosts/short-hosts";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startLinkApi(
  config: LinkApiConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, cache: true, events: true },
      logger,
      lifecycle,
      shared,
    });
    const readiness = [
      ...infra.readiness,
      downstreamReadiness("auth-server", config.AUTH_SERVER_GRPC_ADDR, lifecycle),
    ];
    const plans = createGrpcAccountPlans({
      address: config.AUTH_SERVER_GRPC_ADDR,
      ttlMs: config.PLAN_CACHE_TTL_MS,
      logger,
    });
    lifecycle.add("clients", "auth-server-client", async () => plans.close());
    const outboxProducer = infra.bus!.producer();
    lifecycle.add("producers", "outbox-producer", () => outboxProducer.close());

    const app = await buildApp({
      logger,
      readiness,
      // connectInfrastructure opens the database without a schema type; the tables are ours.
      db: infra.database!.db as unknown as LinkApiDatabase,
      plans,
      verifier: createVerifierFromConfig(config),
      rateLimiter: infra.cache!.rateLimiter,
      hosts: createShortHosts({
        shortHost: config.SHORT_HOST,
        subdomainHost: config.SUBDOMAIN_HOST,
        scheme: config.SHORT_URL_SCHEME,
      }),
      domainVerifier: createDnsDomainVerifier({
        servers: config.DNS_SERVERS,
        timeoutMs: config.DNS_TIMEOUT_MS,
      }),
      outboxProducer,
      outboxPollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
      defaultRequestsPerMinute: config.REST_REQUESTS_PER_MINUTE,
    });
    app.relay.start();
    // After the servers stopped taking writes, before the producers flush.
    lifecycle.add("consumers", "outbox-relay", () => app.relay.stop());
    return await serve({
      name: SERVICE_NAME,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      http: app.http,
      grpc: app.grpc,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    // Close whatever opened before the failure, so a failed start leaves nothing running.
    await lifecycle.stop();
    throw error;
  }
}
