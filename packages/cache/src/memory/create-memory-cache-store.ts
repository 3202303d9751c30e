import { type Clock, cacheTimer } from "@kurz/clock";
import { LRUCache } from "lru-cache";
import type { CacheStore } from "../cache-ports";
import { checkIncrement, checkTtl } from "../check-arguments";

const INTEGER = /^-?\d+$/;

/** What an entry holds in memory, near enough: a JS string's characters at two bytes each. */
function sizeOf(value: string | Buffer, key: string): number {
  return (typeof value === "string" ? value.length * 2 : value.length) + key.length * 2;
}

/**
 * Process-local cache. Bounded by entry count and by bytes (least recently used goes first), so
 * neither a burst of distinct keys nor a few large values (kept answers of idempotent requests)
 * can grow memory without limit; a value larger than `maxBytes` is not kept. Expired entries are
 * dropped on read.
 */
export function createMemoryCacheStore(
  maxEntries: number,
  clock: Clock,
  maxBytes = Number.MAX_SAFE_INTEGER,
): { store: CacheStore; clear(): void } {
  const entries = new LRUCache<string, string | Buffer>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttlAutopurge: false,
    perf: cacheTimer(clock),
    // Read the clock on every check: lru-cache otherwise reuses a reading for 1 ms of real time,
    // so a read straight after a test clock's advance still saw the time before it.
    ttlResolution: 0,
  });

  const store: CacheStore = {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return Promise.resolve(null);
      return Promise.resolve(typeof value === "string" ? value : value.toString("utf8"));
    },
    getBuffer(key) {
      const value = entries.get(key);
      if (value === undefined) return Promise.resolve(null);
      return Promise.resolve(typeof value === "string" ? Buffer.from(value, "utf8") : value);
    },
    async set(key, value, ttlMs) {
      checkTtl(ttlMs);
      // Copy: Redis keeps its own bytes, so a caller reusing its buffer must not change ours.
      entries.set(key, typeof value === "string" ? value : Buffer.from(value), { ttl: Math.ceil(ttlMs) });
    },
    del(...keys) {
      let removed = 0;
      for (const key of keys) {
        // has() first: delete() also reports expired-but-present entries as removed.
        if (entries.has(key)) removed++;
        entries.delete(key);
      }
      return Promise.resolve(removed);
    },
    increment(key, by, ttlMs) {
      // No await between read and write: concurrent callers cannot interleave, as in Redis.
      try {
        checkIncrement(by, ttlMs);
      } catch (error) {
        return Promise.reject(error);
      }
      const current = entries.get(key);
      if (current === undefined) {
        entries.set(key, String(by), { ttl: Math.ceil(ttlMs) });
        return Promise.resolve(by);
      }
      const text = typeof current === "string" ? current : current.toString("utf8");
      if (!INTEGER.test(text) || !Number.isSafeInteger(Number(text) + by)) {
        return Promise.reject(new Error(`value at ${key} is not an integer or out of range`));
      }
      const value = Number(text) + by;
      // The counter keeps the TTL it got when it was created.
      entries.set(key, String(value), { ttl: Math.max(1, entries.getRemainingTTL(key)) });
      return Promise.resolve(value);
    },
  };
  return { store, clear: () => entries.clear() };
}
