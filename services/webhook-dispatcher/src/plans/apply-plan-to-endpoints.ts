import { and, asc, eq, inArray } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
import { lockAccountEndpoints } from "../endpoints/lock-account-endpoints";
import { MAX_ENDPOINTS_HARD_CAP } from "../endpoints/webhook-input-schemas";
import type { WebhookContext } from "../webhook-context";
import { endpointLimitOf, type WebhookAllowance } from "./webhook-allowance";

/** What a plan change did to an account's endpoints. */
export interface PlanApplied {
  paused: string[];
  resumed: string[];
}

/**
 * Makes an account's endpoints follow its plan, as announced by `account.plan_changed`:
 *
 * - a plan without webhooks pauses every enabled endpoint (enabled = false, reason `plan`): no
 *   event is queued for it and a delivery claimed for it fails instead of being sent;
 * - a plan with fewer endpoints than are enabled pauses the newest beyond the limit;
 * - a plan with room resumes the endpoints paused for the plan, oldest first, up to the limit.
 *
 * Only endpoints Kurz paused for the plan are resumed: one the account disabled, or Kurz disabled
 * for failing, stays as it is. Idempotent (an event delivered twice changes nothing the second
 * time), and serialised with creates and updates by the account's advisory lock.
 */
export async function applyPlanToEndpoints(
  ctx: Pick<WebhookContext, "db" | "clock" | "logger" | "subscriptions">,
  accountId: string,
  allowance: WebhookAllowance,
): Promise<PlanApplied> {
  const now = ctx.clock.now();
  const limit = endpointLimitOf(allowance, MAX_ENDPOINTS_HARD_CAP);
  const applied = await ctx.db.transaction(async (tx) => {
    await lockAccountEndpoints(tx, accountId);
    const enabled = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    if (enabled.length > limit) {
      const paused = enabled.slice(limit).map((row) => row.id);
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: "plan", disabledAt: now, failingSince: null, updatedAt: now })
        .where(inArray(webhookEndpoints.id, paused));
      return { paused, resumed: [] };
    }
    const room = limit - enabled.length;
    if (room === 0) return { paused: [], resumed: [] };
    const waiting = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.disabledReason, "plan")))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .limit(room);
    const resumed = waiting.map((row) => row.id);
    if (resumed.length > 0) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: true, disabledReason: null, disabledAt: null, updatedAt: now })
        .where(inArray(webhookEndpoints.id, resumed));
    }
    return { paused: [], resumed };
  });
  if (applied.paused.length > 0 || applied.resumed.length > 0) {
    ctx.subscriptions.forget(accountId);
    ctx.logger.info(
      { event: "webhook.plan_applied", accountId, plan: allowance.planId, ...applied },
      "webhook endpoints follow the account's plan",
    );
  }
  return applied;
}
