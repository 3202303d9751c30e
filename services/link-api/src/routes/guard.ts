import { accessTokenOf, requireScope, type Scope } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { ApiDependencies } from "./api-dependencies";

/** The calling account of a guarded route. */
export function accountOf(request: FastifyRequest): string {
  return accessTokenOf(request).accountId;
}

/**
 * Per-account token bucket sized by the plan's REST requests per minute. When the plan cannot
 * be had, the configured default applies: limiting must not fail requests by itself.
 */
function rateLimit(deps: ApiDependencies): preHandlerAsyncHookHandler {
  return async function limitRate(request, reply) {
    const accountId = accountOf(request);
    const perMinute = await deps.ctx.plans
      .getPlan(accountId)
      .then((plan) => plan.restRequestsPerMinute || deps.defaultRequestsPerMinute)
      .catch(() => deps.defaultRequestsPerMinute);
    const result = await deps.rateLimiter
      .take(`rest:${accountId}`, { capacity: perMinute, refillPerSecond: perMinute / 60 })
      // A cache outage must not take the API down with it.
      .catch(() => ({ allowed: true, remaining: 0, retryAfterMs: 0 }));
    if (!result.allowed) {
      void reply.header("retry-after", String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw new AppError("RATE_LIMITED", {
        details: { limit_per_minute: perMinute },
        hint: "Wait before retrying",
      });
    }
  };
}

/**
 * What every /api/v1 route runs first: its scope check (401/403 per spec §7.2), then the
 * per-account rate limit. securityOf puts the same scope into the OpenAPI document.
 */
export function guard(deps: ApiDependencies, scope: Scope): preHandlerAsyncHookHandler[] {
  return [requireScope(deps.verifier, scope), rateLimit(deps)];
}

/** The OpenAPI `security` of a route with this scope. */
export function securityOf(scope: Scope) {
  return [{ bearerAuth: [scope] }];
}
