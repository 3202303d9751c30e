import type { CacheStore } from "@kurz/cache";
import type { Database } from "@kurz/relational";
import { and, eq, gt } from "drizzle-orm";
import type { Clock } from "../clock";
import { revokedAccessTokens } from "../db/schema";

export interface RevocationList {
  isRevoked(jti: string): Promise<boolean>;
  /** Records revocations already committed to the database, so they apply at once. */
  remember(entries: ReadonlyArray<{ jti: string; expiresAt: Date }>): Promise<void>;
  /** Unexpired revoked access tokens (for resource servers warming their deny list). */
  list(): Promise<Array<{ jti: string; expiresAt: Date }>>;
}

/** A "not revoked" answer is trusted this long before the database is asked again. */
const NEGATIVE_TTL_MS = 30_000;
const key = (jti: string) => `revoked-jti:${jti}`;

/**
 * Access tokens revoked before expiry (RFC 7009). The database is the record; the cache (Redis
 * when configured, so shared by replicas) answers the per-request question. A revocation writes
 * both, overwriting any cached "not revoked".
 */
export function createRevocationList(deps: {
  db: Database;
  cache: CacheStore;
  clock: Clock;
}): RevocationList {
  const { db, cache, clock } = deps;
  return {
    async isRevoked(jti) {
      const cached = await cache.get(key(jti));
      if (cached !== null) return cached === "1";
      const [row] = await db
        .select({ jti: revokedAccessTokens.jti })
        .from(revokedAccessTokens)
        .where(and(eq(revokedAccessTokens.jti, jti), gt(revokedAccessTokens.expiresAt, clock.now())))
        .limit(1);
      await cache.set(key(jti), row ? "1" : "0", NEGATIVE_TTL_MS);
      return row !== undefined;
    },

    async remember(entries) {
      const now = clock.now().getTime();
      for (const entry of entries) {
        const ttl = entry.expiresAt.getTime() - now;
        if (ttl > 0) await cache.set(key(entry.jti), "1", ttl + 60_000);
      }
    },

    list() {
      return db
        .select({ jti: revokedAccessTokens.jti, expiresAt: revokedAccessTokens.expiresAt })
        .from(revokedAccessTokens)
        .where(gt(revokedAccessTokens.expiresAt, clock.now()));
    },
  };
}
