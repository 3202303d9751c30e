import { parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, grpcAddress } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "redirector";

const schema = z.object({
  ...commonConfigShape(SERVICES["redirector"]),
  /** gRPC address of link-api. */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
});

export type RedirectorConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): RedirectorConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
