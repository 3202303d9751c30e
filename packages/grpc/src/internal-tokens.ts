/**
 * The contract of auth-server's internal token endpoint, shared by auth-server (which serves it)
 * and every service's token source (service-tokens.ts, which asks it). It is served on auth-server's own HTTP port only: the edge
 * and the Ingress never route it, so service credentials are useless from outside the cluster.
 */
export const INTERNAL_TOKEN_PATH = "/internal/oauth/token";

/** RFC 6749 §4.4: a service's own token, for one callee (`audience`). */
export const CLIENT_CREDENTIALS_GRANT = "client_credentials";

/** RFC 8693: a token for an account, proven by `subject_token`, for one callee (`audience`). */
export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";

/** RFC 8693 `subject_token_type` of an MCP API key (`x-mcp-key`). */
export const API_KEY_TOKEN_TYPE = "urn:kurz:params:oauth:token-type:api-key";

/** RFC 8693 §3: what the endpoint issues. */
export const ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

/**
 * Lifetime of service and internal account tokens. Short, because nothing revokes them: an API
 * key revoked at auth-server keeps working through an already minted token at most this long.
 */
export const INTERNAL_TOKEN_TTL_SEC = 300;

/** auth-server's own audience: its gRPC API (AuthService) admits services only. */
export const AUTH_SERVER_AUDIENCE = "auth-server";

/** Where a service's credential comes from: its name is its client id. */
export function internalTokenUrl(authServerHttpUrl: string): string {
  return `${authServerHttpUrl.replace(/\/+$/, "")}${INTERNAL_TOKEN_PATH}`;
}
