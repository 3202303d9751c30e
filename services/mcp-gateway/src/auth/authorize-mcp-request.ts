import type { FastifyRequest } from "fastify";
import type { McpRateLimit } from "../mcp/rate-limit-mcp";
import type { BearerVerifier } from "./create-bearer-verifier";
import type { KeyVerifier } from "./create-key-verifier";
import type { McpPrincipal } from "./mcp-principal";
import { readMcpCredential } from "./read-mcp-credential";

/** `cost`: the requests the HTTP request carries (a JSON-RPC batch's messages; default 1). */
export type AuthorizeMcpRequest = (request: FastifyRequest, cost?: number) => Promise<McpPrincipal>;

/**
 * What every MCP request but the server information, health and resource metadata passes
 * first: its credential verified (an `x-mcp-key` API key, or an OAuth access token; each refusal
 * its own error code, docs/api/mcp.md#refusals), then the account's per-minute window counted.
 */
export function createMcpAuthorizer(deps: {
  verifyKey: KeyVerifier;
  verifyBearer: BearerVerifier;
  rateLimit: McpRateLimit;
}): AuthorizeMcpRequest {
  return async (request, cost) => {
    const credential = readMcpCredential(request.headers);
    const principal =
      credential.kind === "key"
        ? await deps.verifyKey(credential.key)
        : await deps.verifyBearer(credential.token);
    await deps.rateLimit(principal, cost);
    return principal;
  };
}
