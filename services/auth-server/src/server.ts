import { fileURLToPath } from "node:url";
import { createLogger } from "@kurz/logger";
import {
  connectInfrastructure,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type AuthServerConfig, SERVICE_NAME } from "./config";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startAuthServer(
  config: AuthServerConfig,
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
    const readiness = [...infra.readiness];
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
