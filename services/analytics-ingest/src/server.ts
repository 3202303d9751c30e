import { fileURLToPath } from "node:url";
import { createLogger } from "@kurz/logger";
import {
  connectInfrastructure,
  downstreamReadiness,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type AnalyticsIngestConfig, SERVICE_NAME } from "./config";

const CLICKSTORE_MIGRATIONS = fileURLToPath(new URL("../clickhouse", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startAnalyticsIngest(
  config: AnalyticsIngestConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { events: true, clickstore: { migrationsDir: CLICKSTORE_MIGRATIONS } },
      logger,
      lifecycle,
      shared,
    });
    const readiness = [
      ...infra.readiness,
      downstreamReadiness("link-api", config.LINK_API_GRPC_ADDR, lifecycle),
    ];
    const app = buildApp({ logger, readiness });
    return await serve({
      name: SERVICE_NAME,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      ...app,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    // Close whatever opened before the failure, so a failed start leaves nothing running.
    await lifecycle.stop();
    throw error;
  }
}
