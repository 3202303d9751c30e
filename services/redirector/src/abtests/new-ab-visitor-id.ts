import { randomFillSync } from "node:crypto";

/** Random bytes drawn in bulk: one randomFillSync per 256 ids. */
const pool = Buffer.allocUnsafe(4_096);
let poolUsed = pool.length;

/**
 * A new A/B visitor id: 16 random bytes as base64url (22 characters). Random rather than derived
 * from the address or user agent, so it identifies nothing beyond this cookie.
 */
export function newAbVisitorId(): string {
  if (poolUsed + 16 > pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const id = pool.toString("base64url", poolUsed, poolUsed + 16);
  poolUsed += 16;
  return id;
}
