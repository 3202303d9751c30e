import { createHash } from "node:crypto";
import type { CacheStore, RateLimiter } from "@kurz/cache";
import { clientAddressKey } from "@kurz/service-runtime";

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
 * Sign-in starts admitted per 10-minute window (a pending sign-in's life) when the store is
 * shared (Redis), which has no count bound of its own: at ~200 bytes each, at most ~20 MB of
 * pending sign-ins. Past it sign-in starts get 429 until the window ends; sessions are untouched.
 */
export const SHARED_PENDING_LOGIN_MAX_PER_WINDOW = 100_000;

/**
 * Sign-in starts per client address (an IPv6 address counts as its /64, which one subscriber
 * holds whole): a burst of 20, then one every 6 s (10 a minute). A person needs one per sign-in;
 * the bound keeps one address from filling the pending-login store.
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

export interface PendingLoginStoreOptions {
  /** Where pending sign-ins live: never the cache that holds the sessions. */
  cache: CacheStore;
  rateLimiter: RateLimiter;
  /** For a store without a count bound of its own (Redis): sign-in starts per 10-minute window. */
  maxPerWindow?: number;
}

/**
 * Pending sign-ins in a store of their own: the shared Redis when distributed (a callback may
 * reach another replica; Redis does not evict by count, so a window cap bounds it) or a private
 * bounded in-memory cache when embedded, never the one holding the sessions. Starts are
 * throttled per client address.
 */
export function createPendingLoginStore(options: PendingLoginStoreOptions): PendingLoginStore {
  const { cache, rateLimiter, maxPerWindow } = options;
  const keyOf = (state: string) => `dashboard:login:${hash(state)}`;
  return {
    async start(state, login, clientAddress) {
      const taken = await rateLimiter.take(
        `dashboard:login-start:${clientAddressKey(clientAddress)}`,
        LOGIN_START_LIMIT,
      );
      if (!taken.allowed) return { allowed: false, retryAfterMs: taken.retryAfterMs };
      if (maxPerWindow !== undefined) {
        const started = await cache.increment("dashboard:login-starts", 1, LOGIN_TTL_MS);
        if (started > maxPerWindow) return { allowed: false, retryAfterMs: 60_000 };
      }
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
