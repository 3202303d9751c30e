import type { IncomingMessage } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { McpPrincipal } from "../auth/mcp-principal";

const PRINCIPAL = "kurzPrincipal";

/**
 * Hands a request's verified principal to the session's handlers the SDK's way: its transports
 * pass `req.auth` to each handler as `authInfo` (direct answers read it the same way). A session
 * thus answers every request for the credential that request carries, not the one that opened it.
 */
export function attachPrincipal(request: IncomingMessage, principal: McpPrincipal): void {
  const auth: AuthInfo = {
    token: "",
    clientId: principal.keyId,
    scopes: [...principal.permissions],
    extra: { [PRINCIPAL]: principal },
  };
  (request as IncomingMessage & { auth?: AuthInfo }).auth = auth;
}

/** The principal attached to a request (attachPrincipal), from its `authInfo`. */
export function principalOf(authInfo: AuthInfo | undefined): McpPrincipal | undefined {
  return authInfo?.extra?.[PRINCIPAL] as McpPrincipal | undefined;
}

/** The `authInfo` the SDK's transport would hand on for a request. */
export function authInfoOf(request: Pick<IncomingMessage, "headers">): AuthInfo | undefined {
  return (request as { auth?: AuthInfo }).auth;
}
