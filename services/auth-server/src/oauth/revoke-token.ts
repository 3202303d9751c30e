import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { authV1 } from "@kurz/proto";
import { eq } from "drizzle-orm";
import { decodeJwt, jwtVerify } from "jose";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { type OAuthClientRow, refreshTokens, revokedAccessTokens, tokenFamilies } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import type { FormParams } from "./form-params";
import { revokeTokenFamily } from "./revoke-token-family";

async function revokeRefreshToken(ctx: AuthContext, client: OAuthClientRow, token: string): Promise<boolean> {
  const [found] = await ctx.db
    .select({ familyId: tokenFamilies.id, clientId: tokenFamilies.clientId })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!found) return false;
  // Another client's token: RFC 7009 §2.1 says refuse; §2.2 says answer 200 all the same.
  if (found.clientId === client.clientId) await revokeTokenFamily(ctx, found.familyId, "revoked_by_client");
  return true;
}

async function revokeAccessToken(ctx: AuthContext, client: OAuthClientRow, token: string): Promise<void> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
  try {
    ({ payload } = await jwtVerify(token, ctx.signingKeys.keySet, {
      issuer: ctx.config.ISSUER,
      audience: ctx.config.API_AUDIENCE,
      typ: "at+jwt",
      currentDate: ctx.clock.now(),
    }));
  } catch {
    return; // not ours, forged or already expired: nothing to revoke
  }
  const { jti, exp, sub, client_id: clientId } = payload;
  if (
    typeof jti !== "string" ||
    typeof exp !== "number" ||
    typeof sub !== "string" ||
    clientId !== client.clientId
  )
    return;
  const expiresAt = new Date(exp * 1000);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(revokedAccessTokens)
      .values({ jti, expiresAt, revokedAt: now })
      .onConflictDoNothing()
      .returning({ jti: revokedAccessTokens.jti });
    if (inserted.length === 0) return;
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.token_revoked",
        accountId: sub,
        schema: authV1.AccessTokenRevokedSchema,
        payload: { accountId: sub, clientId, jti, expiresAt: timestampFromDate(expiresAt) },
        occurredAt: now,
      }),
    ]);
  });
  await ctx.revocations.remember([{ jti, expiresAt }]);
  ctx.wakeOutbox();
}

/**
 * RFC 7009 token revocation. A refresh token revokes its whole family (and the family's live
 * access tokens); an access token is revoked by jti until it expires. Unknown, foreign or
 * malformed tokens are answered like successful ones (RFC 7009 §2.2), so the endpoint reveals nothing.
 */
export async function revokeToken(ctx: AuthContext, client: OAuthClientRow, form: FormParams): Promise<void> {
  const token = form.require("token");
  const hint = form.get("token_type_hint");
  const looksLikeJwt =
    token.split(".").length === 3 &&
    (() => {
      try {
        decodeJwt(token);
        return true;
      } catch {
        return false;
      }
    })();
  if (hint === "access_token" && looksLikeJwt) return revokeAccessToken(ctx, client, token);
  if (await revokeRefreshToken(ctx, client, token)) return;
  if (looksLikeJwt) await revokeAccessToken(ctx, client, token);
}
