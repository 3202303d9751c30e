import { type Clock, systemClock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { CacheConnection } from "./cache-ports";
import { createMemoryCacheStore } from "./memory/create-memory-cache-store";
import { createMemoryLocks } from "./memory/create-memory-locks";
import { createMemoryRateLimiter } from "./memory/create-memory-rate-limiter";
import { createRedisCacheStore } from "./redis/create-redis-cache-store";
import { createRedisClient, isDegraded } from "./redis/create-redis-client";
import { createRedisLocks } from "./redis/create-redis-locks";
import { createRedisRateLimiter } from "./redis/create-redis-rate-limiter";
import { rejectDegraded, rethrowCacheError } from "./redis/to-cache-error";

export interface CreateCacheOptions {
  /** Redis when given (redis:// or rediss://); in-process memory otherwise. */
  redisUrl?: string;
  /** Prepended to every Redis key, e.g. "kurz:redirector:". Ignored in memory (nothing is shared). */
  keyPrefix?: string;
  /** Bound on in-memory entries (cache and rate-limit buckets each). Default 10,000. */
  maxEntries?: number;
  /**
   * Bound on the in-memory cache's values and keys together, in bytes (strings counted at two
   * bytes a character): the least recently used go first, and a value larger than the bound is
   * not kept. Default 64 MiB.
   */
  maxBytes?: number;
  /** Upper bound on any one Redis command, queueing included. Default 1,000 ms. */
  commandTimeoutMs?: number;
  logger?: Logger;
  /** Memory only: what TTLs, buckets and lock expiry read (Redis keeps its own time). */
  clock?: Clock;
}

const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;

/** Cache, rate limiter and locks over Redis, or in memory when no URL is configured. */
export function createCache(options: CreateCacheOptions = {}): CacheConnection {
  if (options.redisUrl) return createRedisCache(options.redisUrl, options);
  return createMemoryCache(options);
}

function createRedisCache(url: string, options: CreateCacheOptions): CacheConnection {
  const client = createRedisClient({
    url,
    keyPrefix: options.keyPrefix ?? "",
    commandTimeoutMs: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    logger: options.logger,
  });
  return {
    kind: "redis",
    cache: createRedisCacheStore(client),
    rateLimiter: createRedisRateLimiter(client),
    locks: createRedisLocks(client, options.logger),
    async ping() {
      if (isDegraded(client)) return rejectDegraded();
      await client.ping().catch(rethrowCacheError);
    },
    async close() {
      if (client.status === "end") return;
      // QUIT lets pending replies arrive; when the connection is not up there is nothing to drain.
      if (client.status !== "ready") {
        client.disconnect();
        return;
      }
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function createMemoryCache(options: CreateCacheOptions): CacheConnection {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const clock = options.clock ?? systemClock;
  const cache = createMemoryCacheStore(maxEntries, clock, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const rateLimiter = createMemoryRateLimiter(maxEntries, clock);
  const locks = createMemoryLocks(options.logger, clock);
  return {
    kind: "memory",
    cache: cache.store,
    rateLimiter: rateLimiter.rateLimiter,
    locks: locks.locks,
    ping: () => Promise.resolve(),
    async close() {
      cache.clear();
      rateLimiter.clear();
      locks.clear();
    },
  };
}
