import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * HMAC-SHA256 under the redirector's cookie secret (`PASSWORD_COOKIE_SECRET`), shared by every
 * cookie the redirector must be able to trust when it comes back: the password unlock and the A/B
 * assignment. Each cookie signs a message of its own shape (the A/B one starts with `kz_ab|`), so
 * a MAC issued for one can never verify as the other.
 */
export interface CookieSigner {
  /** The MAC of `message`, base64url (43 characters). */
  sign(message: string): string;
  /** `mac` is the MAC of `message`; compared in constant time. */
  verify(message: string, mac: string): boolean;
}

/** Length of a MAC as `sign` writes it: 32 bytes in base64url. */
export const COOKIE_MAC_LENGTH = 43;

/**
 * An empty secret gets a random key per process: cookies then do not survive a restart nor work
 * across replicas (a returning A/B visitor is treated as new), which is fine for one local process
 * and why deployments set the secret.
 */
export function createCookieSigner(secret: string): CookieSigner {
  const key = secret === "" ? randomBytes(32) : Buffer.from(secret, "utf8");
  const mac = (message: string) => createHmac("sha256", key).update(message).digest();
  return {
    sign: (message) => mac(message).toString("base64url"),
    verify(message, given) {
      const bytes = Buffer.from(given, "base64url");
      const expected = mac(message);
      return bytes.length === expected.length && timingSafeEqual(bytes, expected);
    },
  };
}
