import { AppError } from "@kurz/errors";
import {
  accountDeletionOf,
  type EventBus,
  type EventConsumer,
  eventTopics,
  planChangeOf,
  type ReceivedMessage,
} from "@kurz/events";
import type { AbtestContext } from "../abtest-context";
import { deleteAccountAbTests } from "../abtests/delete-account-ab-tests";
import { SERVICE_NAME } from "../config";
import { allowanceOfPlan } from "../plans/ab-test-allowance";
import { applyPlanToAbTests } from "../plans/apply-plan-to-ab-tests";

/** The consumer group of account events: apart from the link events' (another topic, pace). */
export const PLAN_CHANGES_GROUP = `${SERVICE_NAME}.plan-changes`;

/**
 * One account event: `account.plan_changed` makes the account's tests follow the new plan
 * (applyPlanToAbTests); every other account event is not abtest-engine's. A message that does not
 * decode is refused as it is (the bus retries it, then parks it in its dead-letter topic); a
 * failure to apply it is transient and retried until it passes.
 */
export async function handlePlanChange(
  ctx: AbtestContext,
  message: Pick<ReceivedMessage, "value">,
): Promise<void> {
  const change = planChangeOf(message.value);
  if (!change) return;
  try {
    await applyPlanToAbTests(ctx, change.accountId, allowanceOfPlan(change.plan));
  } catch (error) {
    // Not the message's fault (the database down, a serialization failure): retryable, so the
    // bus retries it with backoff and never dead-letters a plan change for it.
    if (error instanceof AppError && error.retryable) throw error;
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "The plan change could not be applied to the account's A/B tests",
      cause: error,
    });
  }
}

/**
 * `account.deleted`: the workspace's tests go (deleteAccountAbTests). A failure is transient and
 * retried until it passes; a message that does not decode is refused as it is.
 */
export async function handleAccountDeletion(
  ctx: AbtestContext,
  message: Pick<ReceivedMessage, "value">,
): Promise<void> {
  const accountId = accountDeletionOf(message.value);
  if (!accountId) return;
  try {
    await deleteAccountAbTests(ctx, accountId);
  } catch (error) {
    if (error instanceof AppError && error.retryable) throw error;
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "The deleted account's A/B tests could not be deleted",
      cause: error,
    });
  }
}

/**
 * Account events, keyed by account: one account's plan changes arrive in order, and its
 * deletion after them. From the beginning when the group is new: a downgrade announced before
 * this consumer existed still pauses the account's tests.
 */
export function startPlanChangeConsumer(bus: EventBus, ctx: AbtestContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: PLAN_CHANGES_GROUP,
    topics: [eventTopics.account],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: async (message) => {
      await handlePlanChange(ctx, message);
      await handleAccountDeletion(ctx, message);
    },
  });
}
