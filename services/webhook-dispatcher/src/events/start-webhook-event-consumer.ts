import { type EventBus, type EventConsumer, eventTopics, type ReceivedMessage } from "@kurz/events";
import { SERVICE_NAME } from "../config";
import type { MessageToEnqueue } from "../deliveries/enqueue-message";
import { queueMessages } from "../deliveries/queue-messages";
import type { WebhookPayloadDeps } from "../payloads/webhook-payload-deps";
import type { WebhookContext } from "../webhook-context";
import { asTransient } from "./classify-consumer-failure";
import { announceDeadLetters, type DeadLetter, storeDeadLetters } from "./dead-letters";
import { interpretEvent } from "./interpret-event";

/** The topics whose events become webhooks. */
export const WEBHOOK_SOURCE_TOPICS = [
  eventTopics.link,
  eventTopics.qr,
  eventTopics.campaign,
  eventTopics.domain,
  eventTopics.abtest,
  eventTopics.click,
  eventTopics.conversion,
];

/**
 * Turns a batch of internal events into stored messages and their deliveries, in one
 * transaction. Idempotent: a redelivered event (same id) finds its message and queues nothing.
 *
 * Every failure is classified once. A message that cannot be decoded or validated is poison: it
 * is stored as a dead letter in the same transaction (counted, logged, replayable) and the batch
 * goes on. Anything else — the database down, a serialization failure, a timeout — throws a
 * retryable AppError: @kurz/events retries the batch with backoff, its offsets uncommitted, for
 * as long as it takes; no event is lost or dead-lettered for an outage.
 */
export async function handleWebhookSourceEvents(
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
  messages: readonly Omit<ReceivedMessage, "attempt">[],
): Promise<void> {
  const wanted: MessageToEnqueue[] = [];
  const deadLetters: DeadLetter[] = [];
  try {
    for (const message of messages) {
      const interpreted = await interpretEvent(ctx, deps, message);
      if (interpreted.kind === "queue") wanted.push(interpreted.message);
      else if (interpreted.kind === "poison") {
        deadLetters.push({
          message,
          error: interpreted.error,
          ...(interpreted.envelope ? { envelope: interpreted.envelope } : {}),
        });
      }
    }
    const now = ctx.clock.now();
    await queueMessages(
      ctx,
      wanted,
      deadLetters.length === 0 ? {} : { inTransaction: (tx) => storeDeadLetters(tx, deadLetters, now) },
    );
  } catch (error) {
    throw asTransient(error);
  }
  announceDeadLetters(ctx, deadLetters);
}

/**
 * Every event family that has webhook types (group = service name), in batches of up to 200
 * messages of a partition, each committed once its messages (and dead letters) are stored. The
 * handler throws only retryable errors (handleWebhookSourceEvents): a batch is retried with
 * backoff until it passes, never split or parked in `<topic>.dlq` for an outage.
 */
export function startWebhookEventConsumer(
  bus: EventBus,
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
): Promise<EventConsumer> {
  return bus.consumeBatches({
    groupId: SERVICE_NAME,
    topics: WEBHOOK_SOURCE_TOPICS,
    maxAttempts: 3,
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    batch: { maxMessages: 200 },
    handleBatch: (messages) => handleWebhookSourceEvents(ctx, deps, messages),
  });
}
