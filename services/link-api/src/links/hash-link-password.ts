import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds). The redirector verifies
 * on a password page submit, not on every redirect, so this cost is paid rarely.
 */
const LOG2_N = 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, ln: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** ln;
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/** A PHC string: `$scrypt$ln=14,r=8,p=1$<salt>$<hash>` (unpadded base64); see LinkSnapshot.password_hash. */
export async function hashLinkPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, LOG2_N, R, P);
  return `$scrypt$ln=${LOG2_N},r=${R},p=${P}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Verifies a password against a hash of hashLinkPassword (what the redirector does). */
export async function verifyLinkPassword(password: string, hash: string): Promise<boolean> {
  const match = PHC.exec(hash);
  if (!match) return false;
  const [, ln, r, p, salt, expected] = match;
  const expectedKey = Buffer.from(expected!, "base64");
  const key = await scryptAsync(
    password,
    Buffer.from(salt!, "base64"),
    expectedKey.length,
    Number(ln),
    Number(r),
    Number(p),
  );
  return timingSafeEqual(key, expectedKey);
}
