import type { Clock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import type { GrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";

/**
 * A feature a plan may lack whose tools only create or run something (createWebhook, startAbTest…):
 * the Plan message's `webhooks` and `ab_tests`.
 */
export type PlanFeature = "webhooks" | "abTests";

/** What the gateway reads of an account's plan on every request. */
export interface McpPlan {
  /** MCP requests per minute: 0 exactly when the plan has no MCP. */
  mcpRequestsPerMinute: number;
  /**
   * The features the plan includes. Not scopes: every scope is grantable on every plan, so a
   * downgraded account's key still lists, reads, pauses and deletes what it made; only the tools
   * that create or run something need the feature (ToolDefinition.planFeature).
   */
  features: ReadonlySet<PlanFeature>;
}

/** The features of a Plan message (GetAccount). */
export function planFeaturesOf(
  plan: { webhooks?: boolean; abTests?: boolean } | undefined,
): Set<PlanFeature> {
  const features = new Set<PlanFeature>();
  if (plan?.webhooks === true) features.add("webhooks");
  if (plan?.abTests === true) features.add("abTests");
  return features;
}

export type McpPlanOf = (accountId: string) => Promise<McpPlan>;

/** An account's plan from auth-server (`GetAccount`); uncached: wrap it in cacheMcpPlans. */
export function mcpPlanOf(
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">,
  deadlineMs = 1_000,
): McpPlanOf {
  return async (accountId) => {
    const { account } = await authServer.getAccount({ accountId }, { deadlineMs });
    return {
      mcpRequestsPerMinute: account?.plan?.mcpRequestsPerMinute ?? 0,
      features: planFeaturesOf(account?.plan),
    };
  };
}

/** How long a failed lookup waits before asking again (the last known plan serves meanwhile). */
const RETRY_AFTER_FAILURE_MS = 10_000;

interface Entry {
  plan: McpPlan;
  expiresAtMs: number;
}

/**
 * Remembers plans for `ttlMs`, one lookup in flight per account. A failed lookup never turns into
 * "no plan": the last known plan keeps serving (its rate limit, its features; asked again after a
 * few seconds), and an account never seen is 503 DEPENDENCY_UNAVAILABLE, retryable — not 403
 * PLAN_REQUIRED for a paying account, nor an unlimited rate for a key.
 */
export function cacheMcpPlans(
  lookup: McpPlanOf,
  options: { ttlMs: number; clock: Clock; logger?: Logger; maxEntries?: number },
): McpPlanOf {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<McpPlan>>();

  const remember = (accountId: string, plan: McpPlan, ttlMs: number): McpPlan => {
    entries.delete(accountId);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(accountId, { plan, expiresAtMs: options.clock.now().getTime() + ttlMs });
    return plan;
  };

  const ask = async (accountId: string, stale: Entry | undefined): Promise<McpPlan> => {
    try {
      return remember(accountId, await lookup(accountId), options.ttlMs);
    } catch (error) {
      options.logger?.warn(
        { event: "mcp.plan_unavailable", accountId, err: error, lastKnown: stale !== undefined },
        "account plan unknown; the last known plan serves, if any",
      );
      if (stale !== undefined) {
        return remember(accountId, stale.plan, Math.min(options.ttlMs, RETRY_AFTER_FAILURE_MS));
      }
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "The account's plan could not be read",
        hint: "Retry in a few seconds",
        cause: error,
      });
    }
  };

  return (accountId) => {
    const entry = entries.get(accountId);
    if (entry !== undefined && entry.expiresAtMs > options.clock.now().getTime()) {
      return Promise.resolve(entry.plan);
    }
    let pending = inFlight.get(accountId);
    if (pending === undefined) {
      pending = ask(accountId, entry).finally(() => inFlight.delete(accountId));
      inFlight.set(accountId, pending);
    }
    return pending;
  };
}
