import { createHash, randomBytes } from "node:crypto";
import type { CacheStore } from "@kurz/cache";
import type { Clock } from "@kurz/clock";

/** What a signed-in browser's session holds, server-side only. */
export interface DashboardSession {
  accessToken: string;
  refreshToken: string | undefined;
  /** Epoch ms when the access token stops working. */
  accessExpiresAt: number;
  scope: string;
  /** Sent back by the web app in `x-csrf-token` with every state-changing call. */
  csrfToken: string;
  /** Epoch ms of the sign-in. */
  createdAt: number;
}

export interface SessionStore {
  /** Stores a new session and answers its id: the cookie's value, never stored as such. */
  create(session: DashboardSession): Promise<string>;
  get(id: string): Promise<DashboardSession | undefined>;
  /** Replaces the session's content (after a refresh) and renews its idle time. */
  put(id: string, session: DashboardSession): Promise<void>;
  delete(id: string): Promise<void>;
}

const PREFIX = "dashboard:session:";

/**
 * Sessions in the cache port (Redis when distributed, shared by every replica; in memory when
 * embedded). The key is a hash of the cookie value, so whoever reads the store cannot present a
 * cookie; a session unused for `idleMs` disappears.
 */
export function createSessionStore(
  cache: CacheStore,
  options: { idleMs: number; clock: Clock },
): SessionStore {
  const keyOf = (id: string) => `${PREFIX}${createHash("sha256").update(id).digest("base64url")}`;
  const put = (id: string, session: DashboardSession) =>
    cache.set(keyOf(id), JSON.stringify(session), options.idleMs);
  return {
    async create(session) {
      const id = randomBytes(32).toString("base64url");
      await put(id, session);
      return id;
    },
    async get(id) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      const stored = await cache.get(keyOf(id));
      if (stored === null) return undefined;
      return JSON.parse(stored) as DashboardSession;
    },
    put,
    async delete(id) {
      await cache.del(keyOf(id));
    },
  };
}

/** A fresh CSRF token for a new session. */
export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}
