import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { authorizationCodes } from "../db/schema";
import { AUTHORIZATION_CODE_TTL_SEC } from "./token-lifetimes";
import { type AuthorizationRequest, authorizationResponseLocation } from "./validate-authorization-request";

/**
 * The user allowed the request: a single-use code bound to client, account, redirect URI, scope,
 * PKCE challenge and the workspace chosen (null: the person's own), valid 10 minutes. Returns
 * where to send the browser.
 */
export async function issueAuthorizationCode(
  ctx: AuthContext,
  request: AuthorizationRequest,
  accountId: string,
  workspaceId: string | null = null,
): Promise<string> {
  const code = generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_ac_`);
  const now = ctx.clock.now();
  await ctx.db.insert(authorizationCodes).values({
    codeHash: sha256Hex(code),
    clientId: request.client.clientId,
    accountId,
    redirectUri: request.redirectUri,
    scope: request.scopes.join(" "),
    codeChallenge: request.codeChallenge ?? null,
    workspaceId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SEC * 1000),
  });
  ctx.logger.info(
    { event: "oauth.code_issued", clientId: request.client.clientId, accountId },
    "authorization code issued",
  );
  return authorizationResponseLocation(ctx.config.ISSUER, request.redirectUri, {
    code,
    state: request.state,
  });
}
