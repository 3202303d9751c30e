import { parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "auth-server";

const schema = z.object({
  ...commonConfigShape(SERVICES["auth-server"]),
});

export type AuthServerConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AuthServerConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
