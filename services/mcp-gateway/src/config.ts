import { parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, grpcAddress } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "mcp-gateway";

const schema = z.object({
  ...commonConfigShape(SERVICES["mcp-gateway"]),
  /** gRPC address of auth-server. */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
  /** gRPC address of link-api. */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
  /** gRPC address of analytics-ingest. */
  ANALYTICS_INGEST_GRPC_ADDR: grpcAddress("127.0.0.1:50054"),
  /** gRPC address of abtest-engine. */
  ABTEST_ENGINE_GRPC_ADDR: grpcAddress("127.0.0.1:50055"),
  /** gRPC address of webhook-dispatcher. */
  WEBHOOK_DISPATCHER_GRPC_ADDR: grpcAddress("127.0.0.1:50057"),
});

export type McpGatewayConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): McpGatewayConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
