import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { CacheStore } from "@kurz/cache";

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
 * from it, so whoever reads the store can neither present a cookie nor use a token. A session
 * not renewed for `idleMs` disappears: it is renewed at each token refresh, so at least once per
 * access-token lifetime while the person uses the dashboard.
 */
export function createSessionStore(cache: CacheStore, options: { idleMs: number }): SessionStore {
  const keyOf = (id: string) => `${PREFIX}${createHash("sha256").update(id).digest("base64url")}`;
  const put = (id: string, session: DashboardSession) =>
    cache.set(keyOf(id), seal(id, session), options.idleMs);
  return {
    async create(session) {
      const id = randomBytes(32).toString("base64url");
      await put(id, session);
      return id;
    },
    async get(id) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      const stored = await cache.get(keyOf(id));
      return stored === null ? undefined : unseal(id, stored);
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
