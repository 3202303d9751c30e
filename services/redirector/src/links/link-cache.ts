import { fromBinary, toBinary } from "@bufbuild/protobuf";
import type { CacheStore } from "@kurz/cache";
import { type Clock, cacheTimer, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { LRUCache } from "lru-cache";
import { type CachedLink, toCachedLink } from "./cached-link";
import type { LinkSource } from "./link-source";

export interface LinkCacheOptions {
  source: LinkSource;
  store: CacheStore;
  logger: Logger;
  l1TtlMs: number;
  l1MaxEntries: number;
  l2TtlMs: number;
  negativeTtlMs: number;
  /** What the in-process TTLs count on (a test clock crosses them without sleeping). */
  clock?: Clock;
}

export interface LinkCache {
  /**
   * The link answering `code` on `host`, or null when there is none. Rejects with
   * DEPENDENCY_UNAVAILABLE only when link-api cannot be asked and no copy (even a stale one) is
   * held.
   */
  lookup(host: string, code: string): Promise<CachedLink | null>;
  /** The in-process copy of a known link, synchronously; undefined for anything else. */
  peek(host: string, code: string): CachedLink | undefined;
  /**
   * A change event's new state: replaces whatever any layer holds for its host + code. Rejects
   * with DEPENDENCY_UNAVAILABLE (retryable) when the shared store cannot take it.
   */
  put(snapshot: linksV1.LinkSnapshot): Promise<void>;
  /** A deleted link, or the old host + code of a moved one: remembered as unknown (as put rejects). */
  forget(host: string, code: string): Promise<void>;
}

/** lru-cache cannot hold null; this marks a host + code known to have no link. */
const UNKNOWN = Symbol("unknown");
type L1Value = CachedLink | typeof UNKNOWN;

/** The shared store marks an unknown host + code with an empty value. */
const UNKNOWN_BYTES = Buffer.alloc(0);

const STORE_ERROR_LOG_INTERVAL_MS = 1_000;

function cacheKey(host: string, code: string): string {
  // "/" cannot occur in a host, so host + code never collide.
  return `link:${host}/${code}`;
}

/**
 * In-process LRU (seconds) → shared cache store (Redis) → link-api Resolve, with misses cached too
 * (docs/architecture.md#resolving-a-link). Concurrent misses for one key share a single Resolve
 * call. A lookup that was in flight while a change event arrived for its key does not write its
 * (possibly older) answer back, so an event is never undone by a slow Resolve.
 */
export function createLinkCache(options: LinkCacheOptions): LinkCache {
  const { store, logger } = options;
  const l1 = new LRUCache<string, L1Value>({
    max: options.l1MaxEntries,
    ttl: options.l1TtlMs,
    ttlAutopurge: false,
    // Expired entries stay readable (allowStale) as a last resort while link-api is down.
    noDeleteOnStaleGet: true,
    updateAgeOnGet: false,
    perf: cacheTimer(options.clock ?? systemClock),
  });
  const inFlight = new Map<string, Promise<CachedLink | null>>();
  const generations = new LRUCache<string, number>({ max: options.l1MaxEntries });
  let lastStoreErrorLog = 0;

  function logStoreError(error: unknown): void {
    const now = Date.now();
    if (now - lastStoreErrorLog < STORE_ERROR_LOG_INTERVAL_MS) return;
    lastStoreErrorLog = now;
    logger.warn({ event: "link_cache.store_failed", err: error }, "shared link cache unavailable");
  }

  function remember(key: string, value: L1Value): void {
    l1.set(key, value, value === UNKNOWN ? { ttl: Math.min(options.l1TtlMs, options.negativeTtlMs) } : {});
  }

  async function readStore(key: string): Promise<L1Value | undefined> {
    try {
      const bytes = await store.getBuffer(key);
      if (bytes === null) return undefined;
      if (bytes.length === 0) return UNKNOWN;
      return toCachedLink(fromBinary(linksV1.LinkSnapshotSchema, bytes));
    } catch (error) {
      // A broken entry or an unreachable Redis is a miss, not an outage: link-api still answers.
      logStoreError(error);
      return undefined;
    }
  }

  async function setStore(key: string, snapshot: linksV1.LinkSnapshot | null): Promise<void> {
    if (snapshot) {
      await store.set(key, Buffer.from(toBinary(linksV1.LinkSnapshotSchema, snapshot)), options.l2TtlMs);
    } else {
      await store.set(key, UNKNOWN_BYTES, options.negativeTtlMs);
    }
  }

  /** A lookup's answer, shared if the store takes it: a store that is down only costs a miss. */
  async function writeStore(key: string, snapshot: linksV1.LinkSnapshot | null): Promise<void> {
    try {
      await setStore(key, snapshot);
    } catch (error) {
      logStoreError(error);
    }
  }

  /**
   * A change event's state, which must reach the shared store: the store keeps the previous state
   * until its TTL, and every replica reads it once its in-process copy expires. A store that is
   * down is a transient failure (DEPENDENCY_UNAVAILABLE, retryable): the consumer retries the
   * event, its offset uncommitted, until the store takes it — never a stale link left behind.
   */
  async function landInStore(key: string, snapshot: linksV1.LinkSnapshot | null): Promise<void> {
    try {
      await setStore(key, snapshot);
    } catch (error) {
      logStoreError(error);
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "the shared link cache is unavailable: the link change waits for it",
        cause: error,
      });
    }
  }

  async function fetch(key: string, host: string, code: string): Promise<CachedLink | null> {
    const generation = generations.get(key) ?? 0;
    const fromStore = await readStore(key);
    if (fromStore !== undefined) {
      if ((generations.get(key) ?? 0) === generation) remember(key, fromStore);
      return fromStore === UNKNOWN ? null : fromStore;
    }
    let snapshot: linksV1.LinkSnapshot | null;
    try {
      snapshot = await options.source(host, code);
    } catch (error) {
      const stale = l1.get(key, { allowStale: true });
      if (stale !== undefined) {
        logger.warn({ event: "link_cache.serving_stale", host, code, err: error }, "link-api unavailable");
        return stale === UNKNOWN ? null : stale;
      }
      throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "link-api is unavailable", cause: error });
    }
    if ((generations.get(key) ?? 0) !== generation) {
      // A change event arrived meanwhile and already wrote the newer state.
      const current = l1.get(key);
      if (current !== undefined) return current === UNKNOWN ? null : current;
    }
    const value: L1Value = snapshot ? toCachedLink(snapshot) : UNKNOWN;
    remember(key, value);
    await writeStore(key, snapshot);
    return value === UNKNOWN ? null : value;
  }

  function bump(key: string): void {
    generations.set(key, (generations.get(key) ?? 0) + 1);
  }

  return {
    lookup(host, code) {
      const key = cacheKey(host, code);
      const held = l1.get(key);
      if (held !== undefined) return Promise.resolve(held === UNKNOWN ? null : held);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetch(key, host, code).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },

    peek(host, code) {
      const held = l1.get(cacheKey(host, code));
      return held === UNKNOWN ? undefined : held;
    },

    async put(snapshot) {
      const key = cacheKey(snapshot.host, snapshot.code);
      const held = l1.get(key, { allowStale: true });
      // Events of one account arrive in order, but a replayed old event must not win.
      if (held && held !== UNKNOWN && held.snapshot.version > snapshot.version) return;
      bump(key);
      remember(key, toCachedLink(snapshot));
      await landInStore(key, snapshot);
    },

    async forget(host, code) {
      const key = cacheKey(host, code);
      bump(key);
      remember(key, UNKNOWN);
      await landInStore(key, null);
    },
  };
}
