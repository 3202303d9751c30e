import { AppError } from "@kurz/errors";
import { clientAddressKey } from "@kurz/service-runtime";
import type { FastifyRequest } from "fastify";
import type { McpRateLimit } from "../mcp/rate-limit-mcp";
import type { BearerVerifier } from "./create-bearer-verifier";
import type { KeyVerifier } from "./create-key-verifier";
import type { McpPlan, McpPlanOf } from "./mcp-plan";
import type { McpPrincipal } from "./mcp-principal";
import { readMcpCredential } from "./read-mcp-credential";
import type { UnauthenticatedLimit } from "./unauthenticated-limit";

/** `cost`: the requests the HTTP request carries (a JSON-RPC batch's messages; default 1). */
export type AuthorizeMcpRequest = (request: FastifyRequest, cost?: number) => Promise<McpPrincipal>;

/**
 * What every MCP request but the server information, health and resource metadata passes
 * first, in order (each refusal its own error code, docs/api/mcp.md#refusals): the client
 * address within its refused credentials a minute; its credential verified (an `x-mcp-key` API
 * key, or an OAuth access token); the account's plan read (a token's plan must include MCP —
 * auth-server checks a key's); the account's per-minute window counted.
 */
export function createMcpAuthorizer(deps: {
  verifyKey: KeyVerifier;
  verifyBearer: BearerVerifier;
  planOf: McpPlanOf;
  rateLimit: McpRateLimit;
  unauthenticated: UnauthenticatedLimit;
}): AuthorizeMcpRequest {
  // The same verified principal (a key is remembered for a few seconds) and the same plan give
  // the same principal object: sessions build their handlers once per principal.
  const withPlans = new WeakMap<McpPrincipal, { plan: McpPlan; principal: McpPrincipal }>();
  const withPlan = (verified: McpPrincipal, plan: McpPlan): McpPrincipal => {
    const known = withPlans.get(verified);
    if (known?.plan === plan) return known.principal;
    const principal = { ...verified, plan };
    withPlans.set(verified, { plan, principal });
    return principal;
  };

  return async (request, cost) => {
    const credential = readMcpCredential(request.headers);
    await deps.unauthenticated.check(clientAddressKey(request.ip));
    let verified: McpPrincipal;
    try {
      verified =
        credential.kind === "key"
          ? await deps.verifyKey(credential.key)
          : await deps.verifyBearer(credential.token);
    } catch (error) {
      if (error instanceof AppError && error.code === "AUTHENTICATION_REQUIRED") {
        await deps.unauthenticated.count(clientAddressKey(request.ip));
      }
      throw error;
    }
    const plan = await deps.planOf(verified.accountId);
    if (credential.kind === "bearer" && plan.mcpRequestsPerMinute <= 0) {
      throw new AppError("PLAN_REQUIRED", {
        message: "MCP access needs a Pro, Business or Enterprise plan",
        hint: "Upgrade the account's plan to use the MCP server",
      });
    }
    const principal = withPlan(verified, plan);
    await deps.rateLimit(principal, cost);
    return principal;
  };
}
