import { AppError } from "@kurz/errors";
import type { GrpcClient } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";

/** What an account's plan allows of webhooks: included or not, and how many endpoints. */
export interface WebhookAllowance {
  planId: string;
  included: boolean;
  /** Endpoints the plan allows: a count or unlimited. */
  limit: number | "unlimited";
  /** Days the attempt log is kept (the plan's analytics retention). */
  retentionDays: number;
}

export type WebhookAllowances = (accountId: string) => Promise<WebhookAllowance>;

/**
 * The plan from auth-server (GetAccount), asked on every managing call: they are rare and a plan
 * change must apply at once. Unreachable auth-server → DEPENDENCY_UNAVAILABLE (retryable): a
 * change is refused rather than let through unchecked.
 */
export function webhookAllowancesFrom(
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">,
): WebhookAllowances {
  return async (accountId) => {
    let plan: authV1.Plan | undefined;
    try {
      plan = (await authServer.getAccount({ accountId }, { actor: "service" })).account?.plan;
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

/** What a plan (as auth-server describes it: GetAccount, account.plan_changed) allows of webhooks. */
export function allowanceOfPlan(plan: authV1.Plan): WebhookAllowance {
  const kind = plan.webhookEndpointLimit?.kind;
  // A sender older than the Limit fields: its int32 field, where 0 meant unlimited.
  const legacy = plan.maxWebhookEndpoints > 0 ? plan.maxWebhookEndpoints : "unlimited";
  const limit = kind?.case === "unlimited" ? "unlimited" : kind?.case === "max" ? kind.value : legacy;
  return {
    planId: plan.id,
    included: plan.webhooks,
    limit: plan.webhooks ? limit : 0,
    retentionDays: plan.analyticsRetentionDays,
  };
}

/** How many endpoints the allowance lets an account have (enabled, for a plan change). */
export function endpointLimitOf(allowance: WebhookAllowance, hardCap: number): number {
  if (!allowance.included) return 0;
  return allowance.limit === "unlimited" ? hardCap : Math.min(allowance.limit, hardCap);
}

/**
 * PLAN_REQUIRED unless the plan includes webhooks: every call that creates, enables, changes or
 * sends passes this first. Listing, reading, disabling and deleting never do: a downgraded account
 * keeps them (docs/api/webhooks.md#plan-changes).
 */
export function assertWebhooksIncluded(allowance: WebhookAllowance): void {
  if (allowance.included) return;
  throw new AppError("PLAN_REQUIRED", {
    message: `Your ${allowance.planId} plan does not include webhooks`,
    details: { plan: allowance.planId, required: "business" },
    hint: "Upgrade to the Business plan or higher to use webhooks",
  });
}
