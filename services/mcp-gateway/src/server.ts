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
import { type McpGatewayConfig, SERVICE_NAME } from "./config";

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startMcpGateway(
  config: McpGatewayConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { cache: true },
      logger,
      lifecycle,
      shared,
    });
    const readiness = [
      ...infra.readiness,
      downstreamReadiness("auth-server", config.AUTH_SERVER_GRPC_ADDR, lifecycle),
      downstreamReadiness("link-api", config.LINK_API_GRPC_ADDR, lifecycle),
      downstreamReadiness("analytics-ingest", config.ANALYTICS_INGEST_GRPC_ADDR, lifecycle),
      downstreamReadiness("abtest-engine", config.ABTEST_ENGINE_GRPC_ADDR, lifecycle),
      downstreamReadiness("webhook-dispatcher", config.WEBHOOK_DISPATCHER_GRPC_ADDR, lifecycle),
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
