import { createHash, randomBytes } from "node:crypto";
import type { CacheConnection } from "@kurz/cache";

/**
 * Visitor hashes for unique counts without storing IPs (the Plausible scheme): a 48-bit hash of a
 * random salt of the click's UTC day, the account, the IP and the user agent. Salts live in the
 * cache store (shared by replicas) for two days and are then gone, so a stored hash can no longer
 * be tied back to an IP. Consequence: the same visitor counts once per UTC day.
 */
export interface VisitorHasher {
  /** The salt of the UTC day of `epochMs` (created on first use). */
  saltFor(epochMs: number): Promise<Buffer>;
  hash(salt: Buffer, accountId: string, ip: string, userAgent: string): number;
}

const DAY_MS = 86_400_000;
/** Kept one day beyond its own, for clicks that arrive late. */
const SALT_TTL_MS = 2 * DAY_MS;
const LOCK_TTL_MS = 5_000;

export function createVisitorHasher(cache: CacheConnection): VisitorHasher {
  const salts = new Map<number, Promise<Buffer>>();

  async function loadSalt(day: number): Promise<Buffer> {
    const key = `visitor-salt:${day}`;
    const existing = await cache.cache.getBuffer(key);
    if (existing && existing.length === 32) return Buffer.from(existing);
    return cache.locks.withLock(
      `visitor-salt:${day}`,
      LOCK_TTL_MS,
      async () => {
        const raced = await cache.cache.getBuffer(key);
        if (raced && raced.length === 32) return Buffer.from(raced);
        const salt = randomBytes(32);
        await cache.cache.set(key, salt, SALT_TTL_MS);
        return salt;
      },
      { waitMs: LOCK_TTL_MS },
    );
  }

  return {
    saltFor(epochMs) {
      const day = Math.floor(epochMs / DAY_MS);
      let salt = salts.get(day);
      if (!salt) {
        salt = loadSalt(day);
        // A failed load is retried on the next click instead of being remembered.
        salt.catch(() => salts.delete(day));
        salts.set(day, salt);
        for (const known of salts.keys()) if (known < day - 2) salts.delete(known);
      }
      return salt;
    },
    hash(salt, accountId, ip, userAgent) {
      const digest = createHash("sha256")
        .update(salt)
        .update(accountId)
        .update("\0")
        .update(ip)
        .update("\0")
        .update(userAgent)
        .digest();
      return digest.readUIntBE(0, 6);
    },
  };
}
