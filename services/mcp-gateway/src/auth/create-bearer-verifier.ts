import type { TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import type { McpPrincipal } from "./mcp-principal";

export type BearerVerifier = (token: string) => Promise<McpPrincipal>;

/**
 * MCP authorization for clients that speak only OAuth: an access token of our authorization
 * server (signature, issuer, audience, expiry and revocation checked by the shared verifier),
 * whose account's plan includes MCP (a plan without it has no MCP requests per minute). The
 * token's scopes are the tools it may use; the tools' gRPC calls forward the token itself.
 */
export function createBearerVerifier(options: {
  tokens: TokenVerifier;
  /** The account's MCP requests per minute: 0 exactly when its plan has no MCP. */
  mcpQuotaOf: (accountId: string) => Promise<number>;
}): BearerVerifier {
  return async (token) => {
    let accessToken: Awaited<ReturnType<TokenVerifier["verify"]>>;
    try {
      accessToken = await options.tokens.verify(token);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "INVALID_TOKEN") throw error;
      throw new AppError("AUTHENTICATION_REQUIRED", {
        message: error.message,
        hint: "Get a new access token from the authorization server (or refresh it), or send an API key as x-mcp-key",
        cause: error,
      });
    }
    if ((await options.mcpQuotaOf(accessToken.accountId)) <= 0) {
      throw new AppError("PLAN_REQUIRED", {
        message: "MCP access needs a Pro, Business or Enterprise plan",
        hint: "Upgrade the account's plan to use the MCP server",
      });
    }
    return {
      actor: { accessToken: token },
      keyId: `oauth:${accessToken.clientId}:${accessToken.accountId}`,
      accountId: accessToken.accountId,
      permissions: new Set(accessToken.scopes),
    };
  };
}
