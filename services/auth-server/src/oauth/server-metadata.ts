import { SCOPE_NAMES } from "@kurz/auth-verifier";
import type { AuthServerConfig } from "../config";
import { GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from "./register-client";

export const OAUTH_PATHS = {
  metadata: "/.well-known/oauth-authorization-server",
  jwks: "/.well-known/jwks.json",
  authorize: "/mcp/oauth/authorize",
  token: "/mcp/oauth/token",
  register: "/mcp/oauth/register",
  revoke: "/mcp/oauth/revoke",
} as const;

/** RFC 8414 authorization server metadata; every URL is absolute under the issuer. */
export function serverMetadata(config: Pick<AuthServerConfig, "ISSUER">) {
  const at = (path: string) => `${config.ISSUER}${path}`;
  return {
    issuer: config.ISSUER,
    authorization_endpoint: at(OAUTH_PATHS.authorize),
    token_endpoint: at(OAUTH_PATHS.token),
    registration_endpoint: at(OAUTH_PATHS.register),
    revocation_endpoint: at(OAUTH_PATHS.revoke),
    jwks_uri: at(OAUTH_PATHS.jwks),
    scopes_supported: SCOPE_NAMES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    authorization_response_iss_parameter_supported: true,
    service_documentation: at("/api/v1/docs"),
  };
}
