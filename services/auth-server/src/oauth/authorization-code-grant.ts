import { createHash, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { accounts, authorizationCodes, type OAuthClientRow, tokenFamilies } from "../db/schema";
import type { FormParams } from "./form-params";
import { OAuthError } from "./oauth-error";
import { prepareTokens, type TokenResponse } from "./prepare-tokens";
import { revokeTokenFamily } from "./revoke-token-family";

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

/**
 * grant_type=authorization_code (docs/api/oauth.md#authorization-codes), checks in order: the code
 * exists and belongs to this client; it was not used before (reuse revokes everything issued from
 * it); it has not expired; redirect_uri matches; PKCE verifier matches. Then it is consumed
 * atomically, so two concurrent exchanges cannot both succeed.
 */
export async function exchangeAuthorizationCode(
  ctx: AuthContext,
  client: OAuthClientRow,
  form: FormParams,
): Promise<TokenResponse> {
  const code = form.require("code");
  const redirectUri = form.require("redirect_uri");
  const verifier = form.get("code_verifier");
  if (!client.grantTypes.includes("authorization_code")) {
    throw new OAuthError("unauthorized_client", "This client may not use the authorization_code grant");
  }

  const codeHash = sha256Hex(code);
  const [row] = await ctx.db
    .select()
    .from(authorizationCodes)
    .where(eq(authorizationCodes.codeHash, codeHash))
    .limit(1);
  if (!row || row.clientId !== client.clientId) throw invalidGrant("The authorization code is invalid");
  if (row.consumedAt) {
    if (row.familyId) await revokeTokenFamily(ctx, row.familyId, "code_reuse");
    throw invalidGrant(
      "The authorization code has already been used; tokens issued with it have been revoked",
    );
  }
  const now = ctx.clock.now();
  if (row.expiresAt <= now) throw invalidGrant("The authorization code has expired");
  if (row.redirectUri !== redirectUri) {
    throw invalidGrant(
      "redirect_uri mismatch: it differs from the redirect_uri of the authorization request",
    );
  }
  if (row.codeChallenge) {
    if (verifier === undefined)
      throw new OAuthError("invalid_request", "Missing required parameter: code_verifier");
    if (!VERIFIER.test(verifier)) {
      throw new OAuthError("invalid_request", "code_verifier must be 43 to 128 unreserved characters");
    }
    const computed = createHash("sha256").update(verifier, "ascii").digest("base64url");
    if (computed !== row.codeChallenge)
      throw invalidGrant("PKCE verification failed: code_verifier does not match code_challenge");
  } else if (verifier !== undefined) {
    throw invalidGrant("code_verifier was sent, but the authorization request had no code_challenge");
  }

  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
  if (!account) throw invalidGrant("The authorization code is invalid");
  // The scope consented to, whatever the plan (docs/api/plans.md#scopes-by-plan).
  const scope = row.scope;

  const familyId = randomUUID();
  const tokens = await prepareTokens(ctx, {
    familyId,
    clientId: client.clientId,
    accountId: account.id,
    workspaceId: row.workspaceId,
    scope,
    withRefreshToken: client.grantTypes.includes("refresh_token"),
  });
  const response = await ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(authorizationCodes)
      .set({ consumedAt: now, familyId })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.consumedAt)))
      .returning({ codeHash: authorizationCodes.codeHash });
    if (!consumed) return undefined;
    await tx.insert(tokenFamilies).values({
      id: familyId,
      clientId: client.clientId,
      accountId: account.id,
      workspaceId: row.workspaceId,
      scope,
      createdAt: now,
      lastUsedAt: now,
    });
    await tokens.record(tx);
    return tokens.response;
  });
  if (!response) {
    // Lost a race with a concurrent exchange of the same code: that is reuse too.
    const [winner] = await ctx.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, codeHash))
      .limit(1);
    if (winner?.familyId) await revokeTokenFamily(ctx, winner.familyId, "code_reuse");
    throw invalidGrant(
      "The authorization code has already been used; tokens issued with it have been revoked",
    );
  }
  ctx.logger.info(
    { event: "oauth.tokens_issued", grant: "authorization_code", clientId: client.clientId, familyId },
    "tokens issued",
  );
  return response;
}
