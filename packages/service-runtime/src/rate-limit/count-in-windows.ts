import { createHash } from "node:crypto";
import type { CacheStore } from "@kurz/cache";
import { type Clock, systemClock } from "../clock";

/** A quota policy in the sense of the IETF RateLimit fields: `quota` requests per window. */
export interface QuotaPolicy {
  /** The policy's name in RateLimit / RateLimit-Policy ("default"); part of the counter key. */
  name: string;
  quota: number;
  windowSeconds: number;
}

/** One partition's standing in its current window, after counting this request. */
export interface WindowUsage {
  policy: QuotaPolicy;
  allowed: boolean;
  /** Requests still admitted in this window. */
  remaining: number;
  /** Whole seconds until the window ends, at least 1: the `t` of RateLimit and Retry-After. */
  resetSeconds: number;
  resetAt: Date;
}

export interface RateWindows {
  /**
   * Counts one request of `partition` (an account, an address, a client) under the policy — or
   * `cost` of them, for one request that carries several (a JSON-RPC batch). Rejects when the
   * store does (the caller decides whether to fail open). With `refundRefused`, a refused count is
   * taken back: a call of many items that is refused does not spend the window it was refused by.
   */
  consume(
    policy: QuotaPolicy,
    partition: string,
    cost?: number,
    options?: { refundRefused?: boolean },
  ): Promise<WindowUsage>;
}

/** Partitions come from callers (addresses, client ids); longer ones are hashed to bound keys. */
const MAX_PARTITION_CHARS = 128;

/** FNV-1a, 32 bit: cheap, stable across processes, good enough to spread window starts. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Fixed windows counted with the store's atomic increment (Redis across replicas, memory when
 * embedded), on the injected clock. The window index is part of the key, so moving the clock
 * past a window's end starts a fresh count in both adapters; the key's TTL only reclaims space.
 *
 * Fixed windows match what the RateLimit fields describe (q per w, r left, t to the reset)
 * exactly; their known cost is a burst of up to 2q across a boundary. Each partition's windows
 * are offset by a hash of it, so clients are not all reset (and back) at the same second.
 * Replicas must agree on time to the second or so: a skewed one counts near a boundary into
 * the neighbouring window, which loosens the limit slightly and never tightens it.
 */
export function createRateWindows(options: { store: CacheStore; clock?: Clock }): RateWindows {
  const clock = options.clock ?? systemClock;
  return {
    async consume(policy, partition, cost = 1, consumeOptions = {}) {
      const windowMs = policy.windowSeconds * 1000;
      const id =
        partition.length > MAX_PARTITION_CHARS
          ? `h:${createHash("sha256").update(partition).digest("base64url")}`
          : partition;
      const now = clock.now().getTime();
      const offset = fnv1a(`${policy.name}:${id}`) % windowMs;
      const index = Math.floor((now - offset) / windowMs);
      const endsAt = (index + 1) * windowMs + offset;
      const key = `rlw:${policy.name}:${id}:${index}`;
      let count = await options.store.increment(key, cost, windowMs);
      const allowed = count <= policy.quota;
      if (!allowed && consumeOptions.refundRefused)
        count = await options.store.increment(key, -cost, windowMs);
      return {
        policy,
        allowed,
        remaining: Math.max(0, policy.quota - count),
        resetSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
        resetAt: new Date(endsAt),
      };
    },
  };
}
