import { AppError } from "@kurz/errors";
import { and, eq, gte } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";

/** The earliest `since` accepted: no delivery is older, and every store holds it. */
const EARLIEST_SINCE_MS = 0;

/**
 * Queues again every failed delivery of the endpoint created since `since` (after an outage that
 * outlasted the schedule, or once a disabled endpoint is enabled again), each with a fresh
 * schedule and its original webhook-id. Answers how many.
 */
export async function recoverWebhookDeliveries(
  ctx: WebhookContext,
  accountId: string,
  endpointId: string,
  since: Date,
): Promise<number> {
  assertWebhooksIncluded(await ctx.allowances(accountId));
  const now = ctx.clock.now();
  if (Number.isNaN(since.getTime()) || since.getTime() < EARLIEST_SINCE_MS) {
    // Year 0 and the like parse as dates but are no timestamp the database holds: a 400, not a 500.
    throw new AppError("VALIDATION_ERROR", {
      message: "since is not a time deliveries can have (1970 or later)",
      details: { field: "since" },
      hint: "Pass the time the outage began (ISO 8601)",
    });
  }
  if (since > now) {
    throw new AppError("VALIDATION_ERROR", {
      message: "since is in the future",
      details: { field: "since" },
      hint: "Pass the time the outage began (ISO 8601)",
    });
  }
  const recovered = await ctx.db.transaction(async (tx) => {
    const endpoint = await getWebhookOrThrow(tx, accountId, endpointId);
    if (!endpoint.enabled) {
      throw new AppError("INVALID_STATE", {
        message: "The webhook endpoint is disabled",
        hint: "Enable it (update with enabled: true), then recover",
      });
    }
    return tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null, updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, "failed"),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .returning({ id: webhookDeliveries.id });
  });
  if (recovered.length > 0) ctx.deliveriesQueued();
  return recovered.length;
}
