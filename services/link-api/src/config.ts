import { parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, grpcAddress } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "link-api";

const schema = z.object({
  ...commonConfigShape(SERVICES["link-api"]),
  /** gRPC address of auth-server. */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
});

export type LinkApiConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): LinkApiConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
