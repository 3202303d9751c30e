import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
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
  /** The live session of this id, its idle time renewed: each use keeps a session going. */
  get(id: string): Promise<DashboardSession | undefined>;
  /** Replaces the session's content (after a refresh) and renews its idle time. */
  put(id: string, session: DashboardSession): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface SessionLifetime {
  /** A session not used this long ends. */
  idleMs: number;
  /** A session ends this long after its sign-in, however much it is used. */
  maxMs: number;
  clock: Clock;
}

const PREFIX = "dashboard:session:";
/** When the session was last used (epoch ms), apart from the sealed content: see createSessionStore. */
const SEEN_PREFIX = "dashboard:session-seen:";
/** A use renews the idle time at most this often: one cache write a minute, not one per call. */
const RENEW_EVERY_MS = 60_000;
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/**
 * The session's own key: derived from the cookie value, which is never stored, so the store's
 * contents (tokens included) are unreadable to whoever reads Redis without the browser's cookie.
 */
const sealingKey = (id: string) => Buffer.from(hkdfSync("sha256", id, "", "kurz dashboard session v1", 32));

/** AES-256-GCM under the session's key: `v1.<iv>.<ciphertext>.<tag>`, base64url. */
function seal(id: string, session: DashboardSession): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(id), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** The session, or undefined when the value was not sealed under this id's key (or was altered). */
function unseal(id: string, stored: string): DashboardSession | undefined {
  const parts = SEALED.exec(stored);
  if (!parts) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      sealingKey(id),
      Buffer.from(parts[1] ?? "", "base64url"),
    );
    decipher.setAuthTag(Buffer.from(parts[3] ?? "", "base64url"));
    const body = Buffer.concat([decipher.update(Buffer.from(parts[2] ?? "", "base64url")), decipher.final()]);
    return JSON.parse(body.toString("utf8")) as DashboardSession;
  } catch {
    return undefined;
  }
}

/**
 * Sessions in the cache port (Redis when distributed, shared by every replica; in memory when
 * embedded). The key is a hash of the cookie value and the content is sealed with a key derived
 * from it, so whoever reads the store can neither present a cookie nor use a token.
 *
 * Two limits, both checked on the injected clock (the cache's TTLs only clean up): a session not
 * used for `idleMs` ends, and every session ends `maxMs` after its sign-in. The last use is kept
 * beside the content, not in it: renewing it never rewrites the sealed tokens, so a request that
 * read the session before another replica's token refresh cannot put the spent refresh token
 * back (presenting it again would revoke the whole family).
 */
export function createSessionStore(cache: CacheStore, lifetime: SessionLifetime): SessionStore {
  const digest = (id: string) => createHash("sha256").update(id).digest("base64url");
  const keyOf = (id: string) => `${PREFIX}${digest(id)}`;
  const seenKeyOf = (id: string) => `${SEEN_PREFIX}${digest(id)}`;
  const now = () => lifetime.clock.now().getTime();
  /** What is left of the session's absolute lifetime (at least 1 ms: the cache wants a TTL). */
  const leftOf = (session: DashboardSession, at: number) =>
    Math.max(1, session.createdAt + lifetime.maxMs - at);
  const markUsed = (id: string, session: DashboardSession, at: number) =>
    cache.set(seenKeyOf(id), String(at), Math.min(lifetime.idleMs, leftOf(session, at)));
  const store: SessionStore = {
    async create(session) {
      const id = randomBytes(32).toString("base64url");
      await store.put(id, session);
      return id;
    },
    async get(id) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      const [stored, seen] = await Promise.all([cache.get(keyOf(id)), cache.get(seenKeyOf(id))]);
      if (stored === null || seen === null) return undefined;
      const session = unseal(id, stored);
      if (!session) return undefined;
      const at = now();
      const lastUsed = Number(seen);
      if (at - lastUsed >= lifetime.idleMs || at - session.createdAt >= lifetime.maxMs) {
        await store.delete(id);
        return undefined;
      }
      if (at - lastUsed >= RENEW_EVERY_MS) await markUsed(id, session, at);
      return session;
    },
    async put(id, session) {
      const at = now();
      await cache.set(keyOf(id), seal(id, session), leftOf(session, at));
      await markUsed(id, session, at);
    },
    async delete(id) {
      await cache.del(keyOf(id), seenKeyOf(id));
    },
  };
  return store;
}

/** A fresh CSRF token for a new session. */
export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}
