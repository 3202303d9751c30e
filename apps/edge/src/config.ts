import { parseConfig, port } from "@kurz/config";
import { EDGE_PORT, SERVICE_NAMES, SERVICES, type ServiceName, serviceVariable } from "@kurz/routes";
import { z } from "zod";

/** AUTH_SERVER_HTTP_URL, LINK_API_HTTP_URL, ... override where each service's HTTP port is. */
export function upstreamVariable(service: ServiceName): string {
  return serviceVariable(service, "HTTP_URL");
}

const upstreamShape = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    upstreamVariable(service),
    z.url().default(`http://127.0.0.1:${SERVICES[service].httpPort}`),
  ]),
);

const schema = z.object({
  EDGE_HOST: z.string().default("127.0.0.1"),
  EDGE_PORT: port(EDGE_PORT),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Proxies in front of the edge whose X-Forwarded-For it believes (comma-separated addresses,
   * CIDRs, or loopback / linklocal / uniquelocal). Empty by default: the edge faces clients, and a
   * client's own X-Forwarded-For is replaced by the address it connected from.
   */
  EDGE_TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    ),
  /**
   * How long stopping waits for requests in flight; then open connections (a server-sent-events
   * stream a client keeps open, say) are cut. Without a bound, one open stream holds a stop forever.
   */
  EDGE_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  ...upstreamShape,
});

export interface EdgeConfig {
  host: string;
  port: number;
  logLevel: string;
  trustedProxies: string[];
  /** EDGE_DRAIN_MS. */
  drainMs: number;
  upstreams: Record<ServiceName, string>;
}

export function loadEdgeConfig(env: Record<string, string | undefined> = process.env): EdgeConfig {
  const parsed = parseConfig("edge", schema, env) as Record<string, unknown> & z.output<typeof schema>;
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.map((service) => [service, String(parsed[upstreamVariable(service)])]),
  ) as Record<ServiceName, string>;
  return {
    host: parsed.EDGE_HOST,
    port: parsed.EDGE_PORT,
    logLevel: parsed.LOG_LEVEL,
    trustedProxies: parsed.EDGE_TRUSTED_PROXIES,
    drainMs: parsed.EDGE_DRAIN_MS,
    upstreams,
  };
}
