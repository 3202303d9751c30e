import { randomUUID } from "node:crypto";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { issuedAccessTokens, refreshTokens } from "../db/schema";
import { ACCESS_TOKEN_TTL_SEC, REFRESH_TOKEN_TTL_SEC } from "./token-lifetimes";

/** The token endpoint's answer (docs/api/oauth.md#token-endpoint). */
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
  /** The person. */
  accountId: string;
  /** The workspace chosen at consent (the `workspace_id` claim); null: the person's own. */
  workspaceId: string | null;
  scope: string;
  /** False for clients registered without the refresh_token grant. */
  withRefreshToken: boolean;
}

type Writer = Pick<AuthContext["db"], "insert">;

/** The rows that make issued tokens known: the access token's jti, the refresh token's digest. */
export interface TokenRows {
  accessToken: typeof issuedAccessTokens.$inferInsert;
  refreshToken?: typeof refreshTokens.$inferInsert & { createdAt: Date };
}

/** Tokens signed and ready; `record` writes their rows through the grant's transaction. */
export interface PreparedTokens {
  response: TokenResponse;
  rows: TokenRows;
  record(tx: Writer): Promise<void>;
}

/**
 * An access token (RFC 9068 JWT: sub, client_id, scope, iat, exp, iss, aud, jti, and
 * `workspace_id` when the grant acts in a workspace other than the person's own; 1 hour) and,
 * when the client may refresh, a refresh token `<prefix>_rt_<opaque>` (30 days, stored hashed).
 * Signing happens here, before the grant's transaction: it may reload the signing keys through
 * the root database handle, which must never run inside a transaction (embedded PGlite has one
 * connection). The rows are written by `record(tx)` inside it, so a failed grant issues nothing.
 */
export async function prepareTokens(ctx: AuthContext, grant: TokenGrant): Promise<PreparedTokens> {
  const now = ctx.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SEC;
  const jti = randomUUID();
  const accessToken = await ctx.signingKeys.signAccessToken({
    iss: ctx.config.ISSUER,
    sub: grant.accountId,
    ...(grant.workspaceId && grant.workspaceId !== grant.accountId
      ? { workspace_id: grant.workspaceId }
      : {}),
    aud: ctx.config.API_AUDIENCE,
    client_id: grant.clientId,
    scope: grant.scope,
    iat,
    exp,
    jti,
  });
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SEC,
    scope: grant.scope,
  };
  const refreshToken = grant.withRefreshToken
    ? generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_rt_`)
    : undefined;
  if (refreshToken) response.refresh_token = refreshToken;

  const rows: TokenRows = {
    accessToken: { jti, familyId: grant.familyId, expiresAt: new Date(exp * 1000) },
    ...(refreshToken && {
      refreshToken: {
        tokenHash: sha256Hex(refreshToken),
        familyId: grant.familyId,
        scope: grant.scope,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SEC * 1000),
      },
    }),
  };
  return {
    response,
    rows,
    async record(tx) {
      await tx.insert(issuedAccessTokens).values(rows.accessToken);
      if (rows.refreshToken) await tx.insert(refreshTokens).values(rows.refreshToken);
    },
  };
}
