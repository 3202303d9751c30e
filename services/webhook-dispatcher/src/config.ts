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
import { z } from "zod";

export const SERVICE_NAME = "webhook-dispatcher";

const schema = z
  .object({
    ...commonConfigShape(SERVICES["webhook-dispatcher"]),
    ...verifierConfigShape,
    ...serviceAuthConfigShape,
    ...restRateLimitConfigShape,
    // The short URLs in payloads are written as link-api writes them.
    ...shortHostsConfigShape,
    /** A GeoLite2-City (or compatible) .mmdb for the country/region/city of clicks; default: the bundled one. */
    GEOIP_DATABASE_PATH: z.string().min(1).optional(),
    /** gRPC address of auth-server (plans, token revocation). */
    AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
    /**
     * The key sealing endpoint secrets at rest: 32 random bytes as 64 hex characters (`openssl rand
     * -hex 32`, as auth-server's), or base64. Required with DATABASE_URL; embedded, one is generated
     * into DATA_DIR at first start.
     */
    KEY_ENCRYPTION_KEY: z
      .string()
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
    /**
     * CIDRs deliveries may reach although private (local development and tests only: e.g.
     * 127.0.0.1/32); plain http is accepted to these. Empty: public addresses only, https only.
     */
    WEBHOOK_ALLOWED_TARGETS: listFromEnv([]),
    /** How often due retries are looked for when no new event woke the workers. */
    WEBHOOK_POLL_INTERVAL_MS: durationMs(1_000).pipe(z.number().min(10)),
    /** How often the outbox relay looks for unsent messages (audit entries) when not woken. */
    OUTBOX_POLL_INTERVAL_MS: durationMs(1_000),
    /** Attempts in flight at once in one replica. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(32),
    /** Attempts in flight at once for one endpoint in this replica: a slow receiver holds only its own. */
    WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    /** How often messages past their plan's retention are deleted with their attempt log. */
    WEBHOOK_PRUNE_INTERVAL_MS: durationMs(3_600_000).pipe(z.number().min(1_000)),
    /** An attempt (connect, send, answer) longer than this is a failure. */
    WEBHOOK_TIMEOUT_MS: durationMs(15_000).pipe(z.number().min(100).max(60_000)),
    /**
     * How long a replica holds the deliveries it claimed: a replica that dies mid-delivery leaves
     * them to be attempted again by any replica once this has passed. At least two attempt
     * timeouts; a replica queues an endpoint's claimed deliveries for at most this long.
     */
    WEBHOOK_CLAIM_LEASE_MS: durationMs(300_000).pipe(z.number().min(200)),
  })
  .refine((config) => config.WEBHOOK_CLAIM_LEASE_MS >= 2 * config.WEBHOOK_TIMEOUT_MS, {
    message: "must be at least twice WEBHOOK_TIMEOUT_MS",
    path: ["WEBHOOK_CLAIM_LEASE_MS"],
  });

export type WebhookDispatcherConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): WebhookDispatcherConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
