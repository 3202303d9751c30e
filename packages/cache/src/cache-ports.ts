/**
 * The ports of the cache concern. Two adapters implement them (Redis, in-memory) and pass one
 * contract suite; callers only ever see these interfaces.
 */

/** Short-lived values. Every entry has a TTL: nothing in Kurz caches forever. */
export interface CacheStore {
  get(key: string): Promise<string | null>;
  /** The stored bytes. Treat the returned Buffer as read-only: the in-memory adapter shares it. */
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: string | Buffer, ttlMs: number): Promise<void>;
  /** Resolves to the number of keys that existed. */
  del(...keys: string[]): Promise<number>;
  /**
   * Adds `by` (a safe integer, negative to subtract) to the integer counter at `key` and resolves
   * to its new value, atomically across replicas. A missing key starts at 0 and gets `ttlMs`; an
   * existing one keeps its TTL, so a counter lives `ttlMs` from its first increment (a window, not
   * a sliding lifetime). The counter reads back through get() as its decimal text. Rejects when
   * the key holds something that is not an integer.
   */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
}

export interface TakeOptions {
  /** Bucket size: the largest burst admitted. */
  capacity: number;
  refillPerSecond: number;
  /** Tokens this call needs; 1 by default. Must not exceed capacity. */
  cost?: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this call. */
  remaining: number;
  /** 0 when allowed; otherwise how long until enough tokens for this cost have refilled. */
  retryAfterMs: number;
}

/** Token buckets keyed by caller (account, API key, IP). A bucket starts full. */
export interface RateLimiter {
  take(key: string, options: TakeOptions): Promise<TakeResult>;
}

export interface Lock {
  readonly key: string;
  /** Resolves false when the lock had already expired or was taken by someone else. */
  release(): Promise<boolean>;
  /** Resets the TTL; resolves false when this holder no longer owns the lock. */
  extend(ttlMs: number): Promise<boolean>;
}

export interface WithLockOptions {
  /** How long to keep trying while another holder has the lock; 0 (one attempt) by default. */
  waitMs?: number;
}

/** Mutual exclusion across replicas, bounded by a TTL so a crashed holder cannot block forever. */
export interface Locks {
  /** Resolves null when someone else holds the lock. */
  acquire(key: string, ttlMs: number): Promise<Lock | null>;
  /**
   * Runs fn while holding the lock and releases it afterwards. Rejects with CONFLICT
   * (details.reason "lock_busy") when the lock stays taken for waitMs. fn must finish within
   * ttlMs or extend the lock it is given.
   */
  withLock<T>(
    key: string,
    ttlMs: number,
    fn: (lock: Lock) => Promise<T>,
    options?: WithLockOptions,
  ): Promise<T>;
}

export type CacheKind = "redis" | "memory";

export interface CacheConnection {
  kind: CacheKind;
  cache: CacheStore;
  rateLimiter: RateLimiter;
  locks: Locks;
  /** Rejects with DEPENDENCY_UNAVAILABLE when the backend does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
