import { decodeCanonicalBase64 } from "./decode-canonical-base64";

const KEY_BYTES = 32;
const HOW_TO_GENERATE = "generate one with: openssl rand -hex 32";
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * Turns KEY_ENCRYPTION_KEY into key bytes: 64 hex characters (auth-server's format), or base64 /
 * base64url of exactly 32 bytes. Error messages never include the value: config errors end up in
 * logs.
 */
export function parseSecretBoxKey(value: string): Buffer {
  // Keys mounted from files often end with a newline.
  const text = value.trim();
  // 64 hex characters are valid base64 too (of 48 bytes): hex is tried first.
  if (HEX_KEY.test(text)) return Buffer.from(text, "hex");
  // base64url is usually written without padding; accept it padded too.
  const key =
    decodeCanonicalBase64(text, "base64") ?? decodeCanonicalBase64(text.replace(/=+$/, ""), "base64url");
  if (key === undefined) {
    throw new Error(`Secret box key is not 64 hex characters, base64 or base64url; ${HOW_TO_GENERATE}`);
  }
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `Secret box key must decode to exactly ${KEY_BYTES} bytes, got ${key.length}; ${HOW_TO_GENERATE}`,
    );
  }
  return key;
}
