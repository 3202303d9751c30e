import { decodeCanonicalBase64 } from "./decode-canonical-base64";

const KEY_BYTES = 32;
const HOW_TO_GENERATE = "generate one with: openssl rand -base64 32";

/**
 * Turns the secret box key from config (base64 or base64url of exactly 32 bytes) into key bytes.
 * Error messages never include the value: config errors end up in logs.
 */
export function parseSecretBoxKey(value: string): Buffer {
  // Keys mounted from files often end with a newline.
  const text = value.trim();
  // base64url is usually written without padding; accept it padded too.
  const key =
    decodeCanonicalBase64(text, "base64") ?? decodeCanonicalBase64(text.replace(/=+$/, ""), "base64url");
  if (key === undefined) {
    throw new Error(`Secret box key is not base64 or base64url; ${HOW_TO_GENERATE}`);
  }
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `Secret box key must decode to exactly ${KEY_BYTES} bytes, got ${key.length}; ${HOW_TO_GENERATE}`,
    );
  }
  return key;
}
