import { decodeCanonicalBase64 } from "./decode-canonical-base64";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

// The range the Standard Webhooks spec allows. Keys longer than SHA-256's 64-byte block would be
// hashed down by HMAC anyway; shorter than 24 bytes is below the spec's floor.
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/**
 * Turns a `whsec_<base64>` secret into the HMAC key bytes. Error messages never include the
 * secret: they end up in logs.
 */
export function decodeWebhookSecret(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw new Error(`Webhook secret must start with "${WEBHOOK_SECRET_PREFIX}"`);
  }
  const key = decodeCanonicalBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  if (key === undefined) {
    throw new Error(
      `Webhook secret must be "${WEBHOOK_SECRET_PREFIX}" followed by standard base64 with padding`,
    );
  }
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
    throw new Error(
      `Webhook secret must decode to ${MIN_KEY_BYTES}-${MAX_KEY_BYTES} bytes, got ${key.length}`,
    );
  }
  return key;
}
