import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The cookie a visitor gets after entering a link's password: `<expiry>.<mac>`, where the MAC
 * (HMAC-SHA256, config secret) binds the link id, a fingerprint of the current password hash and
 * the expiry. Changing the password therefore invalidates every cookie of the link.
 */
export interface PasswordCookies {
  name(linkId: string): string;
  issue(linkId: string, passwordHash: string, nowMs: number): { value: string; maxAgeSeconds: number };
  isValid(linkId: string, passwordHash: string, value: string | undefined, nowMs: number): boolean;
}

export function createPasswordCookies(secret: string, maxAgeSeconds: number): PasswordCookies {
  const key = secret === "" ? randomBytes(32) : Buffer.from(secret, "utf8");

  function mac(linkId: string, passwordHash: string, expiresAt: number): Buffer {
    const fingerprint = createHash("sha256").update(passwordHash).digest("base64url");
    return createHmac("sha256", key).update(`${linkId}|${fingerprint}|${expiresAt}`).digest();
  }

  return {
    name: (linkId) => `kurz_pw_${linkId.replace(/[^A-Za-z0-9_-]/g, "")}`,
    issue(linkId, passwordHash, nowMs) {
      const expiresAt = Math.floor(nowMs / 1000) + maxAgeSeconds;
      return {
        value: `${expiresAt}.${mac(linkId, passwordHash, expiresAt).toString("base64url")}`,
        maxAgeSeconds,
      };
    },
    isValid(linkId, passwordHash, value, nowMs) {
      if (!value) return false;
      const dot = value.indexOf(".");
      const expiresAt = Number(value.slice(0, dot));
      if (dot <= 0 || !Number.isInteger(expiresAt) || expiresAt * 1000 <= nowMs) return false;
      const given = Buffer.from(value.slice(dot + 1), "base64url");
      const expected = mac(linkId, passwordHash, expiresAt);
      return given.length === expected.length && timingSafeEqual(given, expected);
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
