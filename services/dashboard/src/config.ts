import { durationMs, parseConfig } from "@kurz/config";
import { SERVICE_NAMES, SERVICES, type ServiceName, serviceVariable } from "@kurz/routes";
import { commonConfigShape } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "dashboard";

/** Every service's HTTP URL (`<SERVICE>_HTTP_URL`): the API calls go straight to their owner. */
const upstreamShape = Object.fromEntries(
  SERVICE_NAMES.filter((name) => name !== "dashboard").map((name) => [
    serviceVariable(name, "HTTP_URL"),
    z.url().default(`http://127.0.0.1:${SERVICES[name].httpPort}`),
  ]),
) as Record<string, z.ZodDefault<z.ZodURL>>;

const schema = z
  .object({
    ...commonConfigShape(SERVICES.dashboard),
    ...upstreamShape,
    /** Public base URL of Kurz: the issuer, and the origin the dashboard is served from. */
    PUBLIC_BASE_URL: z.url().default("http://localhost:8080"),
    /** Where auth-server answers inside the cluster: the token and revocation requests go there. */
    AUTH_SERVER_HTTP_URL: z.url().default("http://127.0.0.1:3001"),
    /** The dashboard's client secret at auth-server (OAUTH_CLIENT_DASHBOARD_SECRET there); unset: PKCE only. */
    DASHBOARD_OAUTH_CLIENT_SECRET: z.string().min(16).optional(),
    /** A session not used this long ends (every request with it renews it). */
    DASHBOARD_SESSION_IDLE_MS: durationMs(7 * 24 * 3_600_000),
    /** Every session ends this long after its sign-in, however much it is used: the cookie's life. */
    DASHBOARD_SESSION_MAX_MS: durationMs(30 * 24 * 3_600_000),
    /** Where the built web app is (web/dist by default). */
    DASHBOARD_WEB_DIR: z.string().optional(),
  })
  .transform((config) => {
    const base = new URL(config.PUBLIC_BASE_URL);
    return {
      ...config,
      ISSUER: config.PUBLIC_BASE_URL.replace(/\/+$/, ""),
      // Cookies are Secure unless the public URL is plain http (decided by URL, never NODE_ENV).
      SECURE_COOKIES: base.protocol === "https:",
    };
  });

export type DashboardConfig = z.output<typeof schema>;

/** The HTTP URL of a service, as configured. */
export function upstreamUrl(config: DashboardConfig, service: ServiceName): string {
  return (config as unknown as Record<string, string>)[serviceVariable(service, "HTTP_URL")] ?? "";
}

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): DashboardConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
