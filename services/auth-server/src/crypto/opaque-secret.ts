import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A high-entropy secret: 32 random bytes, base64url, behind a readable prefix
 * (`kurz_rt_…`, `kurz_client_…`, `kurz_…`) so leaked credentials are recognisable by scanners.
 */
export function generateOpaqueSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/**
 * SHA-256, hex. Enough for secrets of 256 bits of entropy (no slow hash needed: nothing to
 * brute-force), and deterministic, so the hash is the lookup key.
 */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
