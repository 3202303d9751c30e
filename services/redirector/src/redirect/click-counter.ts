import type { RateLimiter } from "@kurz/cache";

/**
 * Per-link click counters for click caps, kept in the cache store (Redis, or memory in embedded
 * mode) so every replica shares them.
 *
 * The cache port offers no INCR, so a counter is a token bucket that is never meant to refill:
 * a huge capacity, and `used = capacity - remaining` after taking one token (atomic in Redis:
 * one Lua script). Approximations, documented in the README:
 * - the bucket refills at 1e-6 token/s, so a capped link regains about one click every 11.6 days;
 * - counters live in a cache: evicting them (memory adapter LRU, a Redis flush or restart without
 *   persistence, an embedded restart) starts the count again;
 * - only human clicks that reach the redirect are counted (no bots, no HEAD requests), and the
 *   count is not reconciled with ClickHouse.
 */
export interface ClickCounter {
  /** Counts one click on the link; resolves to its clicks so far, this one included. */
  count(linkId: string): Promise<number>;
}

const CAPACITY = 1_000_000_000;
// Slow enough to be negligible, fast enough that Redis' PEXPIRE (used / rate) stays a plain
// integer for counts up to 10 million.
const REFILL_PER_SECOND = 1e-6;

export function createClickCounter(rateLimiter: RateLimiter): ClickCounter {
  return {
    async count(linkId) {
      const { remaining } = await rateLimiter.take(`clicks:${linkId}`, {
        capacity: CAPACITY,
        refillPerSecond: REFILL_PER_SECOND,
      });
      return CAPACITY - remaining;
    },
  };
}
