import { AppError } from "@kurz/errors";
import { createGrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import { authV1 } from "@kurz/proto";
import type { AccountPlans, PlanLimits } from "./account-plans";

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
}): AccountPlans & { close(): void } {
  const client = createGrpcClient(authV1.AuthService, options.address, {
    deadlineMs: options.deadlineMs ?? 2_000,
    logger: options.logger,
  });
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<PlanLimits>>();

  async function fetchPlan(accountId: string): Promise<PlanLimits> {
    const response = await client.getAccount({ accountId });
    const plan = response.account?.plan;
    if (!plan) throw new AppError("INTERNAL", { message: "auth-server returned an account without a plan" });
    return {
      planId: plan.id,
      maxLinks: plan.maxLinks,
      maxQrCodes: plan.maxQrCodes,
      maxCampaigns: plan.maxCampaigns,
      maxSubdomains: plan.maxSubdomains,
      maxBrandedDomains: plan.maxBrandedDomains,
      restRequestsPerMinute: plan.restRequestsPerMinute,
    };
  }

  return {
    async getPlan(accountId) {
      const cached = cache.get(accountId);
      if (cached && Date.now() - cached.fetchedAt < options.ttlMs) return cached.plan;
      let pending = inFlight.get(accountId);
      if (!pending) {
        pending = fetchPlan(accountId).finally(() => inFlight.delete(accountId));
        inFlight.set(accountId, pending);
      }
      try {
        const plan = await pending;
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.delete(accountId);
        cache.set(accountId, { plan, fetchedAt: Date.now() });
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
