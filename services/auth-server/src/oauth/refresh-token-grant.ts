import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { accounts, type OAuthClientRow, refreshTokens, tokenFamilies } from "../db/schema";
import type { FormParams } from "./form-params";
import { OAuthError } from "./oauth-error";
import { prepareTokens, type TokenResponse } from "./prepare-tokens";
import { revokeTokenFamily } from "./revoke-token-family";
import { rotateRefreshToken } from "./rotate-refresh-token";

const REVOKED_OR_USED = "The refresh token has been revoked or already used";
const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

/**
 * grant_type=refresh_token (docs/api/oauth.md#refresh-tokens): rotation on every use. A token
 * presented again after it was rotated is the signature of a stolen token (RFC 9700 §4.14.2): the
 * whole family is revoked, so the thief's and the owner's tokens both stop working and the user
 * re-authorizes.
 */
export async function refreshAccessToken(
  ctx: AuthContext,
  client: OAuthClientRow,
  form: FormParams,
): Promise<TokenResponse> {
  const token = form.require("refresh_token");
  const requestedScope = form.get("scope");
  if (!client.grantTypes.includes("refresh_token")) {
    throw new OAuthError("unauthorized_client", "This client may not use the refresh_token grant");
  }

  const tokenHash = sha256Hex(token);
  const [found] = await ctx.db
    .select({ token: refreshTokens, family: tokenFamilies })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .innerJoin(accounts, eq(accounts.id, tokenFamilies.accountId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!found || found.family.clientId !== client.clientId) throw invalidGrant("The refresh token is invalid");
  const { family } = found;
  if (family.revokedAt) throw invalidGrant(REVOKED_OR_USED);
  if (found.token.usedAt) {
    await revokeTokenFamily(ctx, family.id, "refresh_reuse");
    throw invalidGrant(REVOKED_OR_USED);
  }
  const now = ctx.clock.now();
  if (found.token.expiresAt <= now) throw invalidGrant("The refresh token has expired");

  let scope = found.token.scope;
  if (requestedScope !== undefined) {
    const granted = new Set(scope.split(" "));
    const requested = [...new Set(requestedScope.split(" ").filter(Boolean))];
    const beyond = requested.find((name) => !granted.has(name));
    if (beyond)
      throw new OAuthError(
        "invalid_scope",
        `Scope ${beyond.slice(0, 64)} was not granted to this refresh token`,
      );
    if (requested.length > 0) scope = requested.join(" ");
  }
  // Not narrowed to the account's plan: a plan never takes scopes away (a downgraded account must
  // still list and delete what its plan paused); the owning services refuse what the plan lacks.

  const tokens = await prepareTokens(ctx, {
    familyId: family.id,
    clientId: client.clientId,
    accountId: family.accountId,
    scope,
    withRefreshToken: true,
  });
  const { refreshToken } = tokens.rows;
  if (!refreshToken) throw new Error("a refresh grant issues a refresh token");
  const rotation = await rotateRefreshToken(ctx.db, {
    familyId: family.id,
    tokenHash,
    now,
    rows: { accessToken: tokens.rows.accessToken, refreshToken },
  });
  if (rotation === "revoked") throw invalidGrant(REVOKED_OR_USED);
  if (rotation === "reused") {
    // A concurrent request rotated the same token first: that is reuse.
    await revokeTokenFamily(ctx, family.id, "refresh_reuse");
    throw invalidGrant(REVOKED_OR_USED);
  }
  return tokens.response;
}
