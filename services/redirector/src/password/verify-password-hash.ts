import { scrypt, timingSafeEqual } from "node:crypto";

/** Ceiling on scrypt memory: a hash with absurd parameters must not exhaust the process. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...params, maxmem: MAX_SCRYPT_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function decodeB64(value: string): Buffer {
  // PHC strings use base64 without padding; Buffer accepts both alphabets and no padding.
  return Buffer.from(value, "base64");
}

function parseParams(text: string): Map<string, number> {
  const params = new Map<string, number>();
  for (const pair of text.split(",")) {
    const [name, value] = pair.split("=");
    if (name && value && /^\d+$/.test(value)) params.set(name, Number(value));
  }
  return params;
}

/**
 * Checks a password against link-api's hash in PHC string format:
 * `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>` (`n=<N>` is accepted too). Runs on the libuv
 * thread pool so a verification never blocks redirects. Unknown formats verify as false.
 */
export async function verifyPasswordHash(password: string, phc: string): Promise<boolean> {
  const parts = phc.split("$");
  // ["", "scrypt", params, salt, hash]
  if (parts.length !== 5 || parts[0] !== "" || parts[1] !== "scrypt") return false;
  const params = parseParams(parts[2] ?? "");
  const N = params.get("n") ?? 2 ** (params.get("ln") ?? 0);
  const r = params.get("r") ?? 8;
  const p = params.get("p") ?? 1;
  const salt = decodeB64(parts[3] ?? "");
  const expected = decodeB64(parts[4] ?? "");
  if (N < 2 || expected.length < 16 || salt.length === 0) return false;
  try {
    const actual = await scryptAsync(password, salt, expected.length, { N, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
