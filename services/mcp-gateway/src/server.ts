import { type RunningService, type SharedInfrastructure, startService } from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type McpGatewayConfig, SERVICE_NAME } from "./config";

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startMcpGateway(
  config: McpGatewayConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { cache: true },
    downstream: [
      ["auth-server", config.AUTH_SERVER_GRPC_ADDR],
      ["link-api", config.LINK_API_GRPC_ADDR],
      ["analytics-ingest", config.ANALYTICS_INGEST_GRPC_ADDR],
      ["abtest-engine", config.ABTEST_ENGINE_GRPC_ADDR],
      ["webhook-dispatcher", config.WEBHOOK_DISPATCHER_GRPC_ADDR],
    ],
    shared,
    build: ({ logger, readiness }) => buildApp({ logger, readiness }),
  });
}
