import { createHash } from "node:crypto";
import type { CookieSigner } from "../cookies/cookie-signer";

/**
 * The cookie a visitor gets after entering a link's password: `<expiry>.<mac>`, where the MAC
 * (HMAC-SHA256 under the cookie secret, see cookie-signer.ts) binds the link id, a fingerprint of
 * the current password hash and the expiry. Changing the password therefore invalidates every cookie of the link.
 */
export interface PasswordCookies {
  name(linkId: string): string;
  issue(linkId: string, passwordHash: string, nowMs: number): { value: string; maxAgeSeconds: number };
  isValid(linkId: string, passwordHash: string, value: string | undefined, nowMs: number): boolean;
}

export function createPasswordCookies(signer: CookieSigner, maxAgeSeconds: number): PasswordCookies {
  function message(linkId: string, passwordHash: string, expiresAt: number): string {
    const fingerprint = createHash("sha256").update(passwordHash).digest("base64url");
    return `${linkId}|${fingerprint}|${expiresAt}`;
  }

  return {
    name: (linkId) => `kurz_pw_${linkId.replace(/[^A-Za-z0-9_-]/g, "")}`,
    issue(linkId, passwordHash, nowMs) {
      const expiresAt = Math.floor(nowMs / 1000) + maxAgeSeconds;
      return {
        value: `${expiresAt}.${signer.sign(message(linkId, passwordHash, expiresAt))}`,
        maxAgeSeconds,
      };
    },
    isValid(linkId, passwordHash, value, nowMs) {
      if (!value) return false;
      const dot = value.indexOf(".");
      const expiresAt = Number(value.slice(0, dot));
      if (dot <= 0 || !Number.isInteger(expiresAt) || expiresAt * 1000 <= nowMs) return false;
      return signer.verify(message(linkId, passwordHash, expiresAt), value.slice(dot + 1));
    },
  };
}

/** One cookie's value from a Cookie header, without pulling in a cookie parser for one name. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
