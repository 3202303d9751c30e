import { AppError } from "@kurz/errors";
import {
  type EventBus,
  type EventConsumer,
  eventTopics,
  planChangeOf,
  type ReceivedMessage,
} from "@kurz/events";
import type { AbtestContext } from "../abtest-context";
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
 * Account events, keyed by account: one account's plan changes arrive in order. From the
 * beginning when the group is new: a downgrade announced before this consumer existed still
 * pauses the account's tests.
 */
export function startPlanChangeConsumer(bus: EventBus, ctx: AbtestContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: PLAN_CHANGES_GROUP,
    topics: [eventTopics.account],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => handlePlanChange(ctx, message),
  });
}
