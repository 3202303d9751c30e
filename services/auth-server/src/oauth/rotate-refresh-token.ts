import { sql } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import type { TokenRows } from "./prepare-tokens";

/** How a rotation ended: done, or refused because the family was revoked or the token used. */
export type Rotation = "rotated" | "revoked" | "reused";

export interface RotationRequest {
  familyId: string;
  /** The digest of the refresh token presented. */
  tokenHash: string;
  now: Date;
  /** The new access token's and refresh token's rows. */
  rows: Required<TokenRows>;
}

/**
 * One refresh-token rotation as one statement (one round trip instead of a transaction of six):
 * the family's row is updated first — its row lock orders the rotation against a concurrent
 * revocation, which then sees the new access token among the family's — then the presented token
 * is marked used only if it was not already, and only then are the new tokens' rows written.
 * Every part sees the outcome of the one before it (a data-modifying CTE's RETURNING), and the
 * statement commits or fails as a whole.
 */
export async function rotateRefreshToken(db: AuthContext["db"], request: RotationRequest): Promise<Rotation> {
  const { familyId, tokenHash, rows } = request;
  const now = request.now.toISOString();
  const result = await db.execute<{ live: boolean; rotated: boolean }>(sql`
    with family as (
      update token_families set last_used_at = ${now}::timestamptz
       where id = ${familyId}::uuid and revoked_at is null
      returning id
    ), rotated as (
      update refresh_tokens set used_at = ${now}::timestamptz
       where token_hash = ${tokenHash} and used_at is null and exists (select 1 from family)
      returning family_id
    ), access_token as (
      insert into issued_access_tokens (jti, family_id, expires_at)
      select ${rows.accessToken.jti}, family_id, ${rows.accessToken.expiresAt.toISOString()}::timestamptz
        from rotated
    ), refresh_token as (
      insert into refresh_tokens (token_hash, family_id, scope, created_at, expires_at)
      select ${rows.refreshToken.tokenHash}, family_id, ${rows.refreshToken.scope},
             ${rows.refreshToken.createdAt.toISOString()}::timestamptz,
             ${rows.refreshToken.expiresAt.toISOString()}::timestamptz
        from rotated
    )
    select exists (select 1 from family) as live, exists (select 1 from rotated) as rotated`);
  const [outcome] = result.rows;
  if (!outcome?.live) return "revoked";
  return outcome.rotated ? "rotated" : "reused";
}
