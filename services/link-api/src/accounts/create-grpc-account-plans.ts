import { AppError } from "@kurz/errors";
import { AUTH_SERVER_AUDIENCE, type CallTokenSource, createGrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { authV1, type commonV1 } from "@kurz/proto";
import { type Clock, systemClock } from "@kurz/service-runtime";
import { type AccountPlans, type Limit, type PlanLimits, UNLIMITED } from "./account-plans";

/**
 * A plan's limit from its Limit field, where 0 is "not included". Only a sender older than the
 * Limit fields (auth-server mid rolling upgrade, or a test stand-in) leaves it out; its deprecated
 * int32 max_* field is then read with the meaning that sender gave it, 0 for unlimited.
 */
function limitFrom(limit: commonV1.Limit | undefined, legacyMax: number): Limit {
  switch (limit?.kind.case) {
    case "unlimited":
      return UNLIMITED;
    case "max":
      return limit.kind.value;
    default:
      return legacyMax > 0 ? legacyMax : UNLIMITED;
  }
}

interface Entry {
  plan: PlanLimits;
  fetchedAt: number;
}

/** Bounds the cache; accounts beyond it are simply fetched again. */
const MAX_ENTRIES = 10_000;

/**
 * AccountPlans over auth-server's AuthService.GetAccount, cached for ttlMs. When auth-server
 * cannot answer, a cached plan is used however old it is (quotas keep working through an
 * auth-server restart); without one the call fails with DEPENDENCY_UNAVAILABLE.
 */
export function createGrpcAccountPlans(options: {
  address: string;
  ttlMs: number;
  logger?: Logger;
  deadlineMs?: number;
  /** link-api's tokens: auth-server answers authenticated services only. */
  tokens?: CallTokenSource;
  /** What ttlMs is measured on: link-api's clock (default: the system clock). */
  clock?: Clock;
}): AccountPlans & { close(): void } {
  const clock = options.clock ?? systemClock;
  const client = createGrpcClient(authV1.AuthService, options.address, {
    deadlineMs: options.deadlineMs ?? 2_000,
    logger: options.logger,
    ...(options.tokens ? { auth: { audience: AUTH_SERVER_AUDIENCE, tokens: options.tokens } } : {}),
  });
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<PlanLimits>>();

  async function fetchPlan(accountId: string): Promise<PlanLimits> {
    const response = await client.getAccount({ accountId });
    const plan = response.account?.plan;
    if (!plan) throw new AppError("INTERNAL", { message: "auth-server returned an account without a plan" });
    return {
      planId: plan.id,
      maxLinks: limitFrom(plan.linkLimit, plan.maxLinks),
      maxQrCodes: limitFrom(plan.qrCodeLimit, plan.maxQrCodes),
      maxCampaigns: limitFrom(plan.campaignLimit, plan.maxCampaigns),
      maxSubdomains: limitFrom(plan.subdomainLimit, plan.maxSubdomains),
      maxBrandedDomains: limitFrom(plan.brandedDomainLimit, plan.maxBrandedDomains),
      restRequestsPerMinute: plan.restRequestsPerMinute,
    };
  }

  return {
    async getPlan(accountId) {
      const cached = cache.get(accountId);
      if (cached && clock.now().getTime() - cached.fetchedAt < options.ttlMs) return cached.plan;
      let pending = inFlight.get(accountId);
      if (!pending) {
        pending = fetchPlan(accountId).finally(() => inFlight.delete(accountId));
        inFlight.set(accountId, pending);
      }
      try {
        const plan = await pending;
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.delete(accountId);
        cache.set(accountId, { plan, fetchedAt: clock.now().getTime() });
        return plan;
      } catch (error) {
        if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "URL_NOT_FOUND")) {
          throw new AppError("FORBIDDEN", { message: "Unknown account" });
        }
        if (cached) {
          options.logger?.warn(
            { event: "plans.stale_used", accountId },
            "auth-server unavailable; using a cached plan",
          );
          return cached.plan;
        }
        if (error instanceof AppError && error.isClientError) throw error;
        throw new AppError("DEPENDENCY_UNAVAILABLE", {
          message: "Account plans are unavailable",
          cause: error,
        });
      }
    },
    close: () => client.close(),
  };
}
