import {
  accountDeletionOf,
  type EventBus,
  type EventConsumer,
  type EventMessage,
  eventTopics,
  planChangeOf,
} from "@kurz/events";
import { SERVICE_NAME } from "../config";
import { deleteAccountWebhooks } from "../endpoints/delete-account-webhooks";
import { applyPlanToEndpoints } from "../plans/apply-plan-to-endpoints";
import { allowanceOfPlan } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { asTransient } from "./classify-consumer-failure";

/** The consumer group of account events: apart from the webhook sources' (another topic, pace). */
export const PLAN_CHANGES_GROUP = `${SERVICE_NAME}.plan-changes`;

/**
 * One account event: `account.plan_changed` makes the account's endpoints follow the new plan
 * (applyPlanToEndpoints); every other account event is not the dispatcher's. A message that does
 * not decode is refused as it is (the bus retries it, then parks it in its dead-letter topic);
 * a database failure is transient and retried until it passes, its offset uncommitted.
 */
export async function handlePlanChange(
  ctx: Pick<WebhookContext, "db" | "clock" | "logger" | "subscriptions">,
  message: Pick<EventMessage, "value">,
): Promise<void> {
  const change = planChangeOf(message.value);
  if (!change) return;
  try {
    await applyPlanToEndpoints(ctx, change.accountId, allowanceOfPlan(change.plan));
  } catch (error) {
    throw asTransient(error);
  }
}

/**
 * `account.deleted`: the workspace's endpoints and queued messages go (deleteAccountWebhooks); a
 * database failure is transient and retried until it passes.
 */
export async function handleAccountDeletion(
  ctx: Pick<WebhookContext, "db" | "logger" | "subscriptions">,
  message: Pick<EventMessage, "value">,
): Promise<void> {
  const accountId = accountDeletionOf(message.value);
  if (!accountId) return;
  try {
    await deleteAccountWebhooks(ctx, accountId);
  } catch (error) {
    throw asTransient(error);
  }
}

/**
 * Account events, keyed by account: one account's plan changes arrive in order, so the last one
 * decides. From the beginning when the group is new: a downgrade announced before this consumer
 * existed still pauses the account's endpoints.
 */
export function startPlanChangeConsumer(bus: EventBus, ctx: WebhookContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: PLAN_CHANGES_GROUP,
    topics: [eventTopics.account],
    maxAttempts: 3,
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: async (message) => {
      await handlePlanChange(ctx, message);
      await handleAccountDeletion(ctx, message);
    },
  });
}
