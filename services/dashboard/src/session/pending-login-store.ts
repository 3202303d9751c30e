import { createHash } from "node:crypto";
import type { CacheStore, RateLimiter } from "@kurz/cache";

/** A sign-in under way: what its callback needs, keyed by its state. */
export interface PendingLogin {
  codeVerifier: string;
  returnTo: string;
}

/** A sign-in must come back within this. */
export const LOGIN_TTL_MS = 10 * 60_000;

/**
 * Pending sign-ins held in memory at once (embedded, one replica). Apart from the sessions: a
 * flood of anonymous sign-in starts may push out other pending sign-ins (they start again), never
 * a session.
 */
export const PENDING_LOGIN_MAX_ENTRIES = 10_000;

/**
 * Sign-in starts per client address: a burst of 20, then one every 6 s (10 a minute). A person
 * needs one per sign-in; the bound keeps one address from filling the pending-login store.
 */
export const LOGIN_START_LIMIT = { capacity: 20, refillPerSecond: 10 / 60 } as const;

export interface PendingLoginStore {
  /** Resolves to `{ allowed: false, retryAfterMs }` when this address started too many sign-ins. */
  start(
    state: string,
    login: PendingLogin,
    clientAddress: string,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  /** The pending sign-in of this state, removed: each state works once. */
  take(state: string): Promise<PendingLogin | undefined>;
}

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");

/**
 * Pending sign-ins in a store of their own: `cache` is the shared Redis when distributed (a
 * callback may reach another replica; Redis does not evict by count) or a private bounded
 * in-memory cache when embedded, never the one holding the sessions. Starts are throttled per
 * client address.
 */
export function createPendingLoginStore(cache: CacheStore, rateLimiter: RateLimiter): PendingLoginStore {
  const keyOf = (state: string) => `dashboard:login:${hash(state)}`;
  return {
    async start(state, login, clientAddress) {
      const taken = await rateLimiter.take(`dashboard:login-start:${clientAddress}`, LOGIN_START_LIMIT);
      if (!taken.allowed) return { allowed: false, retryAfterMs: taken.retryAfterMs };
      await cache.set(keyOf(state), JSON.stringify(login), LOGIN_TTL_MS);
      return { allowed: true };
    },
    async take(state) {
      const stored = await cache.get(keyOf(state));
      if (stored === null) return undefined;
      // Only the caller that deletes it may use it: two callbacks with one state get one sign-in.
      if ((await cache.del(keyOf(state))) === 0) return undefined;
      return JSON.parse(stored) as PendingLogin;
    },
  };
}
