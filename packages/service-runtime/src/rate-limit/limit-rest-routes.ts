import type { FastifyInstance } from "fastify";
import type { RestRateLimit } from "./create-rest-rate-limit";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: this route is not counted by the REST rate limit (limitRestRoutes). */
    restRateLimit?: false;
    /**
     * What one request of this route costs in the plan's window: a bulk call, its item count (read
     * from the validated body). Default 1; at least 1.
     */
    restRateCost?: (request: FastifyRequest) => number;
  }
}

export interface LimitRestRoutesOptions {
  /** Routes whose URL starts with this are limited. Default "/api/": every public REST route. */
  prefix?: string;
}

/**
 * Puts the REST rate limit on every route registered after this call whose URL starts with the
 * prefix, as that route's LAST preHandler: after its scope check, so the verified account is
 * known, and before its handler; and, as its FIRST, the per-address count of requests that carry
 * no credential (they are refused by the scope check, but not without bound). One call in a service's app, before its routes:
 * `limitRestRoutes(app, restRateLimit)`. A route opts out with `config: { restRateLimit: false }`.
 */
export function limitRestRoutes(
  app: FastifyInstance,
  limit: RestRateLimit,
  options: LimitRestRoutesOptions = {},
): void {
  const prefix = options.prefix ?? "/api/";
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(prefix) || route.config?.restRateLimit === false) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    // HEAD routes fastify derives from GET ones arrive here with the GET route's handlers.
    if (own.includes(limit.preHandler)) return;
    route.preHandler = [limit.anonymousPreHandler, ...own, limit.preHandler];
  });
}
