import { fileURLToPath } from "node:url";
import { type RunningService, type SharedInfrastructure, startService } from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type AbtestEngineConfig, SERVICE_NAME } from "./config";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startAbtestEngine(
  config: AbtestEngineConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { database: { migrationsFolder: MIGRATIONS_FOLDER }, events: true },
    downstream: [["link-api", config.LINK_API_GRPC_ADDR]],
    shared,
    build: ({ logger, readiness }) => buildApp({ logger, readiness }),
  });
}
