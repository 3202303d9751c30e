import type { Logger } from "@kurz/logger";
import { Redis } from "ioredis";

export interface RedisClientOptions {
  url: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  logger?: Logger;
}

/** Reconnect backoff ceiling: keeps trying forever, but never more often than this once degraded. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * One ioredis client configured to fail fast. A cache that waits for Redis is worse than no
 * cache: callers fall back to the source of truth, so every command is bounded.
 * - commandTimeout bounds every command, including one queued while connecting.
 * - maxRetriesPerRequest: 1 retries a command in flight when the connection drops once (a
 *   blip or failover), then rejects.
 * - The offline queue stays on so commands issued during the first connect wait for it;
 *   during an outage `isDegraded` lets adapters reject at once instead of queueing.
 * - Reconnection never stops, so the process recovers when Redis comes back.
 */
export function createRedisClient(options: RedisClientOptions): Redis {
  const client = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(options.commandTimeoutMs, 1_000),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, MAX_RECONNECT_DELAY_MS),
  });

  // Without an error listener ioredis reports every failed reconnect on stderr. Log once per
  // outage instead of once per attempt.
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    options.logger?.warn({ event: "cache.redis_unavailable", err: error }, "redis unavailable");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    options.logger?.info({ event: "cache.redis_recovered" }, "redis reachable again");
  });
  return client;
}

/** True between losing the connection and the next connect attempt: commands would only queue. */
export function isDegraded(client: Redis): boolean {
  const status = client.status;
  return status === "reconnecting" || status === "close" || status === "end";
}
