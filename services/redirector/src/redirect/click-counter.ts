import type { CacheStore } from "@kurz/cache";

/**
 * Per-link click counters for click caps, kept in the cache store (Redis, or memory in embedded
 * mode) so every replica shares them: one atomic increment per counted click. Approximations,
 * documented in the README:
 * - a counter lives `ttlMs` from its first click (every cache entry has a TTL), then starts again;
 * - counters live in a cache: evicting them (memory adapter LRU, a Redis flush or restart without
 *   persistence, an embedded restart) starts the count again;
 * - only human clicks that reach the redirect are counted (no bots, no HEAD requests), and the
 *   count is not reconciled with ClickHouse.
 */
export interface ClickCounter {
  /** Counts one click on the link; resolves to its clicks so far, this one included. */
  count(linkId: string): Promise<number>;
}

/** Counter keys; link snapshots live under `link:`, so the two never collide. */
export function clickCounterKey(linkId: string): string {
  return `clicks:${linkId}`;
}

export function createClickCounter(store: CacheStore, ttlMs: number): ClickCounter {
  return {
    count: (linkId) => store.increment(clickCounterKey(linkId), 1, ttlMs),
  };
}
