import { AppError } from "@kurz/errors";
import type { GrpcClient } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";

/** How many A/B tests an account's plan allows: a count (0: not included) or unlimited. */
export interface AbTestAllowance {
  planId: string;
  limit: number | "unlimited";
}

export type AbTestAllowances = (accountId: string) => Promise<AbTestAllowance>;

/**
 * The plan's A/B test limit from auth-server (GetAccount), asked on each create, start, resume and
 * un-archive: those are rare and a plan change must apply at once. Unreachable auth-server → DEPENDENCY_UNAVAILABLE
 * (retryable): a create is refused rather than let through unchecked.
 */
export function abTestAllowancesFrom(
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">,
): AbTestAllowances {
  return async (accountId) => {
    let plan: authV1.Plan | undefined;
    try {
      plan = (await authServer.getAccount({ accountId })).account?.plan;
    } catch (error) {
      if (error instanceof AppError && error.isClientError) throw error;
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "Account plans are unavailable",
        cause: error,
      });
    }
    if (!plan) throw new AppError("INTERNAL", { message: "auth-server returned an account without a plan" });
    return allowanceOfPlan(plan);
  };
}

/** What a plan (GetAccount's, or account.plan_changed's) allows of A/B tests. */
export function allowanceOfPlan(plan: authV1.Plan): AbTestAllowance {
  if (!plan.abTests) return { planId: plan.id, limit: 0 };
  const limit = plan.abTestLimit?.kind;
  if (limit?.case === "unlimited") return { planId: plan.id, limit: "unlimited" };
  if (limit?.case === "max") return { planId: plan.id, limit: limit.value };
  // A sender older than the Limit fields: its int32 field, where 0 meant unlimited.
  return { planId: plan.id, limit: plan.maxAbTests > 0 ? plan.maxAbTests : "unlimited" };
}
