import { lt } from "drizzle-orm";
import { pruneAuditLog } from "../audit/prune-audit-log";
import type { AuthContext } from "../auth-context";
import {
  authorizationCodes,
  issuedAccessTokens,
  refreshTokens,
  revokedAccessTokens,
  sessions,
  tokenFamilies,
} from "../db/schema";
import { REFRESH_TOKEN_TTL_SEC } from "../oauth/token-lifetimes";

/** Expired rows stay a day, so a late reuse of a spent code still reads as reuse, not as unknown. */
const GRACE_MS = 86_400_000;

/**
 * Hourly housekeeping: signing-key rotation and retirement, and deletion of rows that can no
 * longer matter (expired codes, sessions, tokens, revocations, dead grants, audit entries past the
 * plan's retention). Failures are logged
 * and retried at the next run.
 */
export async function runMaintenance(ctx: AuthContext): Promise<void> {
  try {
    await ctx.signingKeys.maintain();
    const now = ctx.clock.now().getTime();
    const expired = new Date(now - GRACE_MS);
    await ctx.db.delete(authorizationCodes).where(lt(authorizationCodes.expiresAt, expired));
    await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
    await ctx.db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, new Date(now)));
    await ctx.db.delete(issuedAccessTokens).where(lt(issuedAccessTokens.expiresAt, new Date(now)));
    await ctx.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, expired));
    // A family unused for longer than a refresh token lives can never be used again.
    await ctx.db
      .delete(tokenFamilies)
      .where(lt(tokenFamilies.lastUsedAt, new Date(now - REFRESH_TOKEN_TTL_SEC * 1000 - GRACE_MS)));
    await pruneAuditLog(ctx);
  } catch (error) {
    ctx.logger.warn({ event: "maintenance.failed", err: error }, "maintenance failed; retrying next run");
  }
}
