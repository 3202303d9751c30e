import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { authV1 } from "@kurz/proto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { issuedAccessTokens, revokedAccessTokens, tokenFamilies } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";

export type FamilyRevocationReason = "code_reuse" | "refresh_reuse" | "revoked_by_client" | "revoked_by_user";

/**
 * Revokes a grant: every refresh token of the family stops working, and every access token
 * issued with them that has not expired joins the revocation list (announced as
 * `account.token_revoked` so resource servers refuse it too). Idempotent.
 */
export async function revokeTokenFamily(
  ctx: AuthContext,
  familyId: string,
  reason: FamilyRevocationReason,
): Promise<void> {
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const [family] = await tx
      .update(tokenFamilies)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)))
      .returning();
    if (!family) return [];
    const live = await tx
      .select({ jti: issuedAccessTokens.jti, expiresAt: issuedAccessTokens.expiresAt })
      .from(issuedAccessTokens)
      .where(and(eq(issuedAccessTokens.familyId, familyId), gt(issuedAccessTokens.expiresAt, now)));
    if (live.length > 0) {
      await tx
        .insert(revokedAccessTokens)
        .values(live.map((token) => ({ ...token, revokedAt: now })))
        .onConflictDoNothing();
      await enqueueAccountEvents(
        tx,
        live.map((token) =>
          accountEvent({
            type: "account.token_revoked",
            accountId: family.accountId,
            schema: authV1.AccessTokenRevokedSchema,
            payload: {
              accountId: family.accountId,
              clientId: family.clientId,
              jti: token.jti,
              expiresAt: timestampFromDate(token.expiresAt),
            },
            occurredAt: now,
          }),
        ),
      );
    }
    ctx.logger.warn(
      {
        event: "oauth.family_revoked",
        familyId,
        reason,
        clientId: family.clientId,
        accessTokens: live.length,
      },
      "token family revoked",
    );
    return live;
  });
  await ctx.revocations.remember(revoked);
  if (revoked.length > 0) ctx.wakeOutbox();
}
