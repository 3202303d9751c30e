import type { FastifyRequest } from "fastify";
import type { McpRateLimit } from "../mcp/rate-limit-mcp";
import type { KeyVerifier } from "./create-key-verifier";
import type { McpPrincipal } from "./mcp-principal";
import { readMcpKey } from "./read-mcp-key";

export type AuthorizeMcpRequest = (request: FastifyRequest) => Promise<McpPrincipal>;

/**
 * What every MCP request but the server information and health passes first: its key verified
 * (each refusal its own §7.3 code), then the account's per-minute window counted.
 */
export function createMcpAuthorizer(deps: {
  verifyKey: KeyVerifier;
  rateLimit: McpRateLimit;
}): AuthorizeMcpRequest {
  return async (request) => {
    const principal = await deps.verifyKey(readMcpKey(request.headers));
    await deps.rateLimit(principal);
    return principal;
  };
}
