import { randomUUID } from "node:crypto";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { issuedAccessTokens, refreshTokens } from "../db/schema";
import { ACCESS_TOKEN_TTL_SEC, REFRESH_TOKEN_TTL_SEC } from "./token-lifetimes";

/** Spec §2.2. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export interface TokenGrant {
  familyId: string;
  clientId: string;
  accountId: string;
  scope: string;
  /** False for clients registered without the refresh_token grant. */
  withRefreshToken: boolean;
}

type Writer = Pick<AuthContext["db"], "insert">;

/**
 * An access token (RFC 9068 JWT: sub, client_id, scope, iat, exp, iss, aud, jti; 1 hour) and,
 * when the client may refresh, a refresh token `<prefix>_rt_<opaque>` (30 days, stored hashed).
 * Rows are written through `tx`, the grant's transaction, so a failed grant issues nothing.
 */
export async function issueTokens(ctx: AuthContext, tx: Writer, grant: TokenGrant): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SEC;
  const jti = randomUUID();
  const accessToken = await ctx.signingKeys.signAccessToken({
    iss: ctx.config.ISSUER,
    sub: grant.accountId,
    aud: ctx.config.API_AUDIENCE,
    client_id: grant.clientId,
    scope: grant.scope,
    iat,
    exp,
    jti,
  });
  await tx
    .insert(issuedAccessTokens)
    .values({ jti, familyId: grant.familyId, expiresAt: new Date(exp * 1000) });
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SEC,
    scope: grant.scope,
  };
  if (grant.withRefreshToken) {
    const refreshToken = generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_rt_`);
    await tx.insert(refreshTokens).values({
      tokenHash: sha256Hex(refreshToken),
      familyId: grant.familyId,
      scope: grant.scope,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SEC * 1000),
    });
    response.refresh_token = refreshToken;
  }
  return response;
}
