import { createHash, hkdfSync } from "node:crypto";

/** Where one account's key of one service lives in the cache, and what seals its answer. */
export interface IdempotencySlot {
  /** The stored answer's cache key; the in-flight mark is the lock of the same name. */
  cacheKey: string;
  /** AES-256 key of the stored answer (sealStoredAnswer). */
  sealingKey: Buffer;
}

/**
 * The slot of `key` for `account` in `service`. Keys are per account, so two accounts using the
 * same key never meet; the service name keeps services apart even where they share one store.
 * The cache key holds a hash of the client's key (bounded length, no characters a store or log
 * could misread); the sealing key is derived from the client's key itself, which the store never
 * sees, so a stored answer (an API key's secret shown once, a webhook's signing secret) is not
 * readable from the cache alone.
 */
export function idempotencySlot(service: string, account: string, key: string): IdempotencySlot {
  const id = createHash("sha256").update(`kurz-idempotency\0${key}`).digest("hex");
  const sealingKey = Buffer.from(
    hkdfSync("sha256", key, "kurz-idempotency-answer", `${service}\0${account}`, 32),
  );
  return { cacheKey: `idempotency:${service}:${account}:${id}`, sealingKey };
}
