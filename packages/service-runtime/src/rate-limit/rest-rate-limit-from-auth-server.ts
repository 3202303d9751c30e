import type { CacheStore } from "@kurz/cache";
import type { GrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";
import type { Clock } from "../clock";
import { cacheAccountQuotas, planRequestsPerMinute } from "./cache-account-quotas";
import { createRestRateLimit, type RestRateLimit } from "./create-rest-rate-limit";
import type { RestRateLimitConfig } from "./rate-limit-config";

/**
 * The REST rate limit of a service that is not auth-server: plans from auth-server's GetAccount,
 * cached for PLAN_CACHE_TTL_MS; counters in the service's cache store. With limitRestRoutes,
 * the whole wiring of a new service (abtest-engine, webhook-dispatcher):
 *
 *   limitRestRoutes(app, restRateLimitFromAuthServer({ config, store: cache.cache, authServer, logger }));
 */
export function restRateLimitFromAuthServer(options: {
  config: RestRateLimitConfig;
  store: CacheStore;
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">;
  logger?: Logger;
  clock?: Clock;
}): RestRateLimit {
  const { config, logger, clock } = options;
  return createRestRateLimit({
    store: options.store,
    clock,
    logger,
    accountQuota: cacheAccountQuotas(planRequestsPerMinute(options.authServer), {
      ttlMs: config.PLAN_CACHE_TTL_MS,
      clock,
      logger,
    }),
    defaultPerMinute: config.REST_REQUESTS_PER_MINUTE,
    perIpPerMinute: config.REST_REQUESTS_PER_MINUTE_PER_IP,
    dashboardPerMinute: config.DASHBOARD_REQUESTS_PER_MINUTE,
  });
}
