import {
  decodeEnvelope,
  type EventBus,
  type EventConsumer,
  eventTopics,
  type ReceivedMessage,
} from "@kurz/events";
import { SERVICE_NAME } from "../config";
import type { MessageToEnqueue } from "../deliveries/enqueue-message";
import { queueMessages } from "../deliveries/queue-messages";
import { toWebhookPayload } from "../payloads/to-webhook-payload";
import type { WebhookPayloadDeps } from "../payloads/webhook-payload-deps";
import type { WebhookContext } from "../webhook-context";
import { CANDIDATE_WEBHOOK_TYPES } from "./candidate-webhook-types";

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
 * The message an internal event becomes, when an enabled endpoint of the account listens to
 * what it becomes; undefined otherwise (an account without endpoints costs a cached lookup).
 */
async function messageOf(
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
  message: ReceivedMessage,
): Promise<MessageToEnqueue | undefined> {
  const envelope = decodeEnvelope(message.value);
  const candidates = CANDIDATE_WEBHOOK_TYPES[envelope.type];
  if (!candidates || envelope.accountId === "") return undefined;
  const subscribed = await ctx.subscriptions.typesOf(envelope.accountId);
  if (!candidates.some((type) => subscribed.has(type))) return undefined;
  const payload = toWebhookPayload(envelope, deps);
  if (!payload || !subscribed.has(payload.type)) return undefined;
  return {
    accountId: envelope.accountId,
    eventType: payload.type,
    body: JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: payload.data }),
    ...(payload.linkId === undefined ? {} : { linkId: payload.linkId }),
    sourceEventId: envelope.id,
  };
}

/**
 * Turns a batch of internal events into stored messages and their deliveries, in one
 * transaction. Idempotent: a redelivered event (same id) finds its message and queues nothing.
 */
export async function handleWebhookSourceEvents(
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
  messages: readonly ReceivedMessage[],
): Promise<void> {
  const wanted: MessageToEnqueue[] = [];
  for (const message of messages) {
    const toEnqueue = await messageOf(ctx, deps, message);
    if (toEnqueue) wanted.push(toEnqueue);
  }
  await queueMessages(ctx, wanted);
}

/**
 * Every event family that has webhook types (group = service name), in batches of up to 200
 * messages of a partition, each committed once its messages are stored. A batch holding an event
 * that cannot be mapped fails; after 3 attempts its events go one by one and that one to
 * `<topic>.dlq`.
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
