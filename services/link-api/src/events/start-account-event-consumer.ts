import { AppError } from "@kurz/errors";
import {
  accountDeletionOf,
  type EventBus,
  type EventConsumer,
  eventTopics,
  type ReceivedMessage,
} from "@kurz/events";
import { deleteAccountData } from "../accounts/delete-account-data";
import { SERVICE_NAME } from "../config";
import type { LinkApiContext } from "../link-api-context";

/** The consumer group of account events: apart from the A/B test events' (another topic, pace). */
export const ACCOUNT_EVENTS_GROUP = `${SERVICE_NAME}.account-events`;

/**
 * `account.deleted`: everything link-api holds of the workspace goes (deleteAccountData); every
 * other account event is not link-api's. A message that does not decode is refused as it is; a
 * failure to delete is transient and retried until it passes.
 */
export async function handleAccountEvent(ctx: LinkApiContext, message: Pick<ReceivedMessage, "value">) {
  const accountId = accountDeletionOf(message.value);
  if (!accountId) return;
  try {
    await deleteAccountData(ctx, accountId);
  } catch (error) {
    if (error instanceof AppError && error.retryable) throw error;
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "The deleted account's links could not be deleted",
      cause: error,
    });
  }
}

/** Account events, keyed by account (kurz.account.v1). */
export function startAccountEventConsumer(bus: EventBus, ctx: LinkApiContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: ACCOUNT_EVENTS_GROUP,
    topics: [eventTopics.account],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => handleAccountEvent(ctx, message),
  });
}
