import { booleanFromEnv, listFromEnv, port } from "@kurz/config";
import { z } from "zod";

/**
 * Variables every service reads. Infrastructure adapters are chosen by presence alone:
 * DATABASE_URL, REDIS_URL, KAFKA_BROKERS set → the real backend; absent → the embedded one
 * (PGlite under DATA_DIR, in-memory cache, in-process bus).
 */
export function commonConfigShape(defaults: { httpPort: number; grpcPort: number }) {
  return {
    HOST: z.string().default("127.0.0.1"),
    HTTP_PORT: port(defaults.httpPort),
    GRPC_PORT: port(defaults.grpcPort),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATA_DIR: z.string().default(".data"),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    /**
     * Every Redis key of this installation starts with `<prefix>:<service>:`, so several
     * installations (a staging and a production, or the test clusters of two runs) can share one
     * Redis without reading each other's sessions, rate-limit windows or locks.
     */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w.-]{1,64}$/, "letters, digits, '_', '.' or '-' (at most 64)")
      .default("kurz"),
    KAFKA_BROKERS: listFromEnv([]),
    /**
     * Proxies whose X-Forwarded-For names the client (addresses, CIDRs, loopback / linklocal /
     * uniquelocal): the edge locally, the ingress in Kubernetes. Per-address rate limits and
     * throttles count the address this yields; nobody else can claim one.
     */
    TRUST_PROXY: listFromEnv(["loopback"]),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Apply this service's migrations (database, click store) and exit: the Helm hook Job. */
    MIGRATE_ONLY: booleanFromEnv(false),
  };
}

/** A gRPC target "host:port" of another service. */
export const grpcAddress = (fallback: string) =>
  z
    .string()
    .regex(/^[\w.-]+:\d+$/, "expected host:port")
    .default(fallback);

/** The prefix of a service's Redis keys (REDIS_KEY_PREFIX, default "kurz"). */
export const redisKeyPrefix = (config: { REDIS_KEY_PREFIX?: string | undefined }, service: string) =>
  `${config.REDIS_KEY_PREFIX ?? "kurz"}:${service}:`;
