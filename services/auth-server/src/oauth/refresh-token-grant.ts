import { eq, sql } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { sha256Hex } from "../crypto/opaque-secret";
import { accounts, oauthClients, refreshTokens, tokenFamilies } from "../db/schema";
import { authenticateClient, readClientCredentials, verifyClient } from "./authenticate-client";
import type { FormParams } from "./form-params";
import { OAuthError } from "./oauth-error";
import { prepareTokens, type TokenResponse } from "./prepare-tokens";
import { revokeTokenFamily } from "./revoke-token-family";
import { rotateRefreshToken } from "./rotate-refresh-token";

const REVOKED_OR_USED = "The refresh token has been revoked or already used";
const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

function prepareGrantLookup(db: AuthContext["db"]) {
  return db
    .select({ client: oauthClients, token: refreshTokens, family: tokenFamilies, accountId: accounts.id })
    .from(oauthClients)
    .leftJoin(refreshTokens, eq(refreshTokens.tokenHash, sql.placeholder("tokenHash")))
    .leftJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .leftJoin(accounts, eq(accounts.id, tokenFamilies.accountId))
    .where(eq(oauthClients.clientId, sql.placeholder("clientId")))
    .limit(1)
    .prepare("auth_refresh_grant");
}

// One prepared statement per database (the grant's hot path skips query building and planning).
const grantLookups = new WeakMap<AuthContext["db"], ReturnType<typeof prepareGrantLookup>>();

/**
 * grant_type=refresh_token (docs/api/oauth.md#refresh-tokens): rotation on every use. A token
 * presented again after it was rotated is the signature of a stolen token (RFC 9700 §4.14.2): the
 * whole family is revoked, so the thief's and the owner's tokens both stop working and the user
 * re-authorizes.
 *
 * Two round trips: the client and the presented token are read in one prepared statement (the
 * client authenticated as authenticateClient does), then the rotation is one statement.
 */
export async function refreshAccessToken(
  ctx: AuthContext,
  authorization: string | undefined,
  form: FormParams,
): Promise<TokenResponse> {
  const credentials = readClientCredentials(authorization, form);
  let token: string;
  try {
    token = form.require("refresh_token");
  } catch (error) {
    // The client's authentication is answered first, as for every grant.
    await authenticateClient(ctx, authorization, form);
    throw error;
  }
  const tokenHash = sha256Hex(token);
  let lookup = grantLookups.get(ctx.db);
  if (!lookup) {
    lookup = prepareGrantLookup(ctx.db);
    grantLookups.set(ctx.db, lookup);
  }
  const [row] = await lookup.execute({ clientId: credentials.clientId, tokenHash });
  const client = verifyClient(row?.client, credentials);
  const requestedScope = form.get("scope");
  if (!client.grantTypes.includes("refresh_token")) {
    throw new OAuthError("unauthorized_client", "This client may not use the refresh_token grant");
  }

  // A token of another client, or whose family or account is gone, is no token of this client's.
  const found =
    row?.token && row.family && row.accountId !== null ? { token: row.token, family: row.family } : undefined;
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
    workspaceId: family.workspaceId,
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
