import { isScope, roleAllowsScope, type TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import type { McpPrincipal } from "./mcp-principal";

export type BearerVerifier = (token: string) => Promise<McpPrincipal>;

/**
 * MCP authorization for clients that speak only OAuth: an access token of our authorization
 * server (signature, issuer, audience, expiry and revocation checked by the shared verifier).
 * The token's scopes are the tools it may use; the tools' gRPC calls forward the token itself.
 * Whether the account's plan includes MCP is the authorizer's check (authorize-mcp-request.ts).
 * The session acts in the person's own workspace; the person's role there is asked on every
 * request and narrows what the token's scopes allow.
 */
export function createBearerVerifier(options: { tokens: TokenVerifier }): BearerVerifier {
  return async (token) => {
    let accessToken: Awaited<ReturnType<TokenVerifier["authorize"]>>;
    try {
      accessToken = await options.tokens.authorize(token, undefined);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "INVALID_TOKEN") throw error;
      throw new AppError("AUTHENTICATION_REQUIRED", {
        message: error.message,
        hint: "Get a new access token from the authorization server (or refresh it), or send an API key as x-mcp-key",
        cause: error,
      });
    }
    return {
      actor: { accessToken: token },
      keyId: `oauth:${accessToken.clientId}:${accessToken.accountId}`,
      accountId: accessToken.accountId,
      permissions: new Set(
        [...accessToken.scopes].filter((scope) => isScope(scope) && roleAllowsScope(accessToken.role, scope)),
      ),
    };
  };
}
