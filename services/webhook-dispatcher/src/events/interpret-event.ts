import { decodeEnvelope, type EventMessage } from "@kurz/events";
import type { eventsV1 } from "@kurz/proto";
import type { MessageToEnqueue } from "../deliveries/enqueue-message";
import { toWebhookPayload } from "../payloads/to-webhook-payload";
import type { WebhookPayloadDeps } from "../payloads/webhook-payload-deps";
import type { WebhookContext } from "../webhook-context";
import { CANDIDATE_WEBHOOK_TYPES } from "./candidate-webhook-types";

/** What one internal event means for the dispatcher. */
export type InterpretedEvent =
  | { kind: "queue"; message: MessageToEnqueue }
  /** Nothing to deliver: a type without webhooks, or no enabled endpoint of the account wants it. */
  | { kind: "skip" }
  /** It cannot be decoded or validated: a dead letter. */
  | { kind: "poison"; error: unknown; envelope?: eventsV1.EventEnvelope };

/**
 * Decodes and maps one internal event. Only the message's own faults (an envelope or payload that
 * does not decode, a mapping that refuses it) answer `poison`; the one lookup it makes (the
 * account's subscriptions, in the database) throws as it failed, for the caller to retry.
 */
export async function interpretEvent(
  ctx: Pick<WebhookContext, "subscriptions">,
  deps: WebhookPayloadDeps,
  message: Pick<EventMessage, "value">,
): Promise<InterpretedEvent> {
  let envelope: eventsV1.EventEnvelope;
  try {
    envelope = decodeEnvelope(message.value);
  } catch (error) {
    return { kind: "poison", error };
  }
  const candidates = CANDIDATE_WEBHOOK_TYPES[envelope.type];
  if (!candidates || envelope.accountId === "") return { kind: "skip" };
  const subscribed = await ctx.subscriptions.typesOf(envelope.accountId);
  if (!candidates.some((type) => subscribed.has(type))) return { kind: "skip" };
  let payload: ReturnType<typeof toWebhookPayload>;
  try {
    payload = toWebhookPayload(envelope, deps);
  } catch (error) {
    return { kind: "poison", error, envelope };
  }
  if (!payload || !subscribed.has(payload.type)) return { kind: "skip" };
  return {
    kind: "queue",
    message: {
      accountId: envelope.accountId,
      eventType: payload.type,
      body: JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: payload.data }),
      ...(payload.linkId === undefined ? {} : { linkId: payload.linkId }),
      sourceEventId: envelope.id,
    },
  };
}
