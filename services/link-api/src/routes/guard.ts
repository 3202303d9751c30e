import { accessTokenOf, requireScope, type Scope } from "@kurz/auth-verifier";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { ApiDependencies } from "./api-dependencies";

/** The calling account of a guarded route. */
export function accountOf(request: FastifyRequest): string {
  return accessTokenOf(request).accountId;
}

/**
 * What every /api/v1 route runs first: its scope check (401/403:
 * docs/api/errors.md#insufficient-scope). The per-plan rate limit follows it on every route
 * (limitRestRoutes in app.ts appends it). securityOf puts the same scope into the OpenAPI document.
 */
export function guard(deps: ApiDependencies, scope: Scope): preHandlerAsyncHookHandler[] {
  return [requireScope(deps.verifier, scope)];
}

/** The OpenAPI `security` of a route with this scope. */
export function securityOf(scope: Scope) {
  return [{ bearerAuth: [scope] }];
}
