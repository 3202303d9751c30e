import { verifierConfigShape } from "@kurz/auth-verifier";
import { durationMs, listFromEnv, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import {
  commonConfigShape,
  grpcAddress,
  restRateLimitConfigShape,
  serviceAuthConfigShape,
  shortHostsConfigShape,
} from "@kurz/service-runtime";
import { parseHostAllowList } from "@kurz/ssrf";
import { z } from "zod";
import { DEFAULT_MAX_CONCURRENT_UPLOADS } from "./imports/upload-gate";

export const SERVICE_NAME = "link-api";

const schema = z.object({
  ...commonConfigShape(SERVICES["link-api"]),
  ...verifierConfigShape,
  ...serviceAuthConfigShape,
  ...restRateLimitConfigShape,
  /** gRPC address of auth-server. */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
  // SHORT_HOST, SUBDOMAIN_HOST, SHORT_URL_SCHEME; see README "Hosts and ports".
  ...shortHostsConfigShape,
  /** DNS servers for branded-domain verification (ip or ip:port); empty: the system's. */
  DNS_SERVERS: listFromEnv([]),
  DNS_TIMEOUT_MS: durationMs(3_000),
  /**
   * Days a deleted link's code stays held for its owner (restore or reuse); nobody else can take
   * it meanwhile, so printed links and QR codes cannot be taken over. 0: free at once.
   */
  DELETED_CODE_QUARANTINE_DAYS: z.coerce.number().int().min(0).max(3_650).default(90),
  /**
   * Non-public destination hosts short links may redirect to anyway (a self-hosted Kurz shortening
   * intranet links): names, `*.suffix`, IPs, CIDRs, comma-separated. Empty: none.
   */
  DESTINATION_ALLOWED_HOSTS: listFromEnv([]).superRefine((entries, ctx) => {
    try {
      parseHostAllowList(entries);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  }),
  /** How often the outbox is polled when no write woke the relay. */
  OUTBOX_POLL_INTERVAL_MS: durationMs(1_000),
  /** The largest import file (POST /imports); more is 413. Default 50 MB. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  /**
   * Import uploads one process receives at once; more get 429 RATE_LIMITED (retryable). Each is
   * spooled to TMPDIR (up to IMPORT_MAX_BYTES) before it is stored: the chart's /tmp size limit
   * must hold this many files.
   */
  IMPORT_MAX_CONCURRENT_UPLOADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_MAX_CONCURRENT_UPLOADS),
  /**
   * A MaxMind GeoIP2 / GeoLite2 City database (.mmdb) the redirect simulator locates a described
   * visitor's address with: the redirector's own (same variable). Absent: the bundled GeoLite2
   * City data. Opened on the first simulation of a link with a geo condition.
   */
  GEOIP_DATABASE_PATH: z.string().min(1).optional(),
  /** Rows an import applies per transaction. */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(500),
  /** How long an import's worker holds it without committing a batch before another may resume it. */
  IMPORT_LEASE_MS: durationMs(60_000),
  /** How often queued imports are looked for (an upload to this replica wakes it at once). */
  IMPORT_POLL_INTERVAL_MS: durationMs(1_000),
  /**
   * Attempts an import gets in a row without a batch committing (a fault that never clears: a
   * dependency down for good, a row that crashes the worker) before it fails IMPORT_ATTEMPTS_EXHAUSTED.
   */
  IMPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
});

export type LinkApiConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): LinkApiConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
