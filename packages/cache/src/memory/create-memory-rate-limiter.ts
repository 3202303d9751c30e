import { type Clock, cacheTimer } from "@kurz/clock";
import { LRUCache } from "lru-cache";
import type { RateLimiter } from "../cache-ports";
import { checkTakeOptions } from "../check-arguments";

interface Bucket {
  tokens: number;
  /** clock.monotonicMs() of the last refill: monotonic, so wall-clock jumps do not mint tokens. */
  at: number;
}

/**
 * Token buckets in process memory. take() runs synchronously to completion, so concurrent
 * callers cannot interleave and over-admit. A bucket idle long enough to be full again is
 * indistinguishable from a new one, so it may be evicted (TTL) or pushed out (LRU bound).
 */
export function createMemoryRateLimiter(
  maxEntries: number,
  clock: Clock,
): { rateLimiter: RateLimiter; clear(): void } {
  const buckets = new LRUCache<string, Bucket>({
    max: maxEntries,
    ttlAutopurge: false,
    perf: cacheTimer(clock),
    // Every check reads the clock (lru-cache would reuse a reading for 1 ms of real time).
    ttlResolution: 0,
  });

  const rateLimiter: RateLimiter = {
    take(key, options) {
      let cost: number;
      try {
        cost = checkTakeOptions(options);
      } catch (error) {
        return Promise.reject(error);
      }
      const { capacity, refillPerSecond } = options;
      const now = clock.monotonicMs();
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        bucket = { tokens: capacity, at: now };
      } else {
        bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * refillPerSecond) / 1000);
        bucket.at = now;
      }
      const allowed = bucket.tokens >= cost;
      if (allowed) bucket.tokens -= cost;
      const retryAfterMs = allowed ? 0 : Math.ceil(((cost - bucket.tokens) * 1000) / refillPerSecond);
      const fullInMs = Math.ceil(((capacity - bucket.tokens) * 1000) / refillPerSecond);
      buckets.set(key, bucket, { ttl: Math.max(1, fullInMs) });
      return Promise.resolve({ allowed, remaining: Math.floor(bucket.tokens), retryAfterMs });
    },
  };
  return { rateLimiter, clear: () => buckets.clear() };
}
