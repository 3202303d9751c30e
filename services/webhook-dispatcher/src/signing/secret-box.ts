import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { decodeCanonicalBase64 } from "./decode-canonical-base64";

// The version prefix lets a future key rotation add "v2" and still open values sealed under v1.
const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
// GCM's native IV size. Random IVs are safe for 2^32 seals per key (NIST SP 800-38D), far more
// than endpoint secrets will ever see.
const IV_BYTES = 12;
// Pinned when opening too: without authTagLength, Node accepts tags cut down to 4 bytes, which
// would make forging a sealed value about 2^96 times cheaper.
const TAG_BYTES = 16;

export interface SecretBox {
  /** Encrypts with a fresh random IV: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
  seal(plaintext: string): string;
  /** Decrypts a sealed value; throws if it was altered or sealed with another key. */
  open(sealed: string): string;
}

/** Encrypts secrets at rest (AES-256-GCM) with a 32-byte key from `parseSecretBoxKey`. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) {
    throw new Error(`Secret box key must be ${KEY_BYTES} bytes, got ${key.length}`);
  }
  // Copied so a caller that reuses or zeroes its buffer cannot change the key under us.
  const ownKey = Buffer.from(key);

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },

    open(sealed) {
      const parts = sealed.split(".");
      if (parts[0] !== VERSION) {
        throw new Error(`Secret box cannot open this value: expected a "${VERSION}." prefix`);
      }
      const [iv, ciphertext, tag] = parts.slice(1).map((part) => decodeCanonicalBase64(part, "base64url"));
      if (
        parts.length !== 4 ||
        iv?.length !== IV_BYTES ||
        ciphertext === undefined ||
        tag?.length !== TAG_BYTES
      ) {
        throw new Error(
          `Secret box cannot open this value: expected "${VERSION}.<iv>.<ciphertext>.<tag>" in base64url`,
        );
      }
      const decipher = createDecipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch (cause) {
        throw new Error("Secret box cannot open this value: it was altered or sealed with a different key", {
          cause,
        });
      }
    },
  };
}
