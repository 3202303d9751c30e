import {
  decodeEnvelope,
  type EventBus,
  type EventConsumer,
  eventTopics,
  type ReceivedMessage,
} from "@kurz/events";
import { SERVICE_NAME } from "../config";
import { enqueueMessage } from "../deliveries/enqueue-message";
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
 * Turns one internal event into a stored message and its deliveries, when an enabled endpoint of
 * the account listens to what it becomes. Idempotent: a redelivered event (same id) finds its
 * message and queues nothing more.
 */
export async function handleWebhookSourceEvent(
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
  message: ReceivedMessage,
): Promise<void> {
  const envelope = decodeEnvelope(message.value);
  const candidates = CANDIDATE_WEBHOOK_TYPES[envelope.type];
  if (!candidates || envelope.accountId === "") return;
  const subscribed = await ctx.subscriptions.typesOf(envelope.accountId);
  if (!candidates.some((type) => subscribed.has(type))) return;
  const payload = toWebhookPayload(envelope, deps);
  if (!payload || !subscribed.has(payload.type)) return;
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction((tx) =>
    enqueueMessage(
      tx,
      {
        accountId: envelope.accountId,
        eventType: payload.type,
        body: JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: payload.data }),
        ...(payload.linkId === undefined ? {} : { linkId: payload.linkId }),
        sourceEventId: envelope.id,
      },
      now,
    ),
  );
  if (queued) ctx.deliveriesQueued();
}

/**
 * Every event family that has webhook types (group = service name). From the beginning when the
 * group is new, like every Kurz consumer; events of accounts without endpoints cost a lookup.
 */
export function startWebhookEventConsumer(
  bus: EventBus,
  ctx: WebhookContext,
  deps: WebhookPayloadDeps,
): Promise<EventConsumer> {
  return bus.consume({
    groupId: SERVICE_NAME,
    topics: WEBHOOK_SOURCE_TOPICS,
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => handleWebhookSourceEvent(ctx, deps, message),
  });
}
