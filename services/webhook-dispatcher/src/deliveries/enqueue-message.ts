import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";

export interface MessageToEnqueue {
  accountId: string;
  eventType: string;
  /** The exact JSON body to sign and send. */
  body: string;
  /** The link the event is about: endpoints limited to other links skip it. */
  linkId?: string;
  /** The internal event it came from: a redelivered event queues nothing twice. */
  sourceEventId?: string;
  /** Only this endpoint (a test event); else every enabled endpoint that selected the type. */
  endpointId?: string;
}

export interface EnqueuedMessage {
  messageId: string;
  deliveryIds: string[];
}

/** A new message id: the `webhook-id` of every attempt (Standard Webhooks' `msg_` prefix). */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

interface EndpointChoice {
  id: string;
  accountId: string;
  eventTypes: string[];
  linkIds: string[];
}

function matches(endpoint: EndpointChoice, message: MessageToEnqueue): boolean {
  if (endpoint.accountId !== message.accountId) return false;
  if (message.endpointId !== undefined) return endpoint.id === message.endpointId;
  if (!endpoint.eventTypes.includes(message.eventType)) return false;
  if (endpoint.linkIds.length === 0) return true;
  return message.linkId !== undefined && endpoint.linkIds.includes(message.linkId);
}

/**
 * Stores messages and one pending delivery per matching enabled endpoint, due now — three
 * statements for the whole batch, inside the caller's transaction (the durable outbox: once it
 * commits, each message is delivered or its failure logged). A message no endpoint wants is not
 * stored: a click stream costs nothing for accounts that did not ask for it. A message whose
 * internal event was stored before (a redelivery) queues nothing. Answers, per message, what was
 * queued (undefined: nothing).
 */
export async function enqueueMessages(
  tx: WebhookExecutor,
  messages: readonly MessageToEnqueue[],
  now: Date,
): Promise<Array<EnqueuedMessage | undefined>> {
  if (messages.length === 0) return [];
  const accounts = [...new Set(messages.map((message) => message.accountId))];
  const endpoints: EndpointChoice[] = await tx
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      eventTypes: webhookEndpoints.eventTypes,
      linkIds: webhookEndpoints.linkIds,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.accountId, accounts), eq(webhookEndpoints.enabled, true)));
  const planned = messages.map((message) => ({
    message,
    id: newMessageId(),
    endpoints: endpoints.filter((endpoint) => matches(endpoint, message)),
  }));
  const wanted = planned.filter((plan) => plan.endpoints.length > 0);
  if (wanted.length === 0) return messages.map(() => undefined);

  const stored = await tx
    .insert(webhookMessages)
    .values(
      wanted.map(({ message, id }) => ({
        id,
        accountId: message.accountId,
        sourceEventId: message.sourceEventId ?? null,
        eventType: message.eventType,
        linkId: message.linkId ?? null,
        body: message.body,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: webhookMessages.sourceEventId })
    .returning({ id: webhookMessages.id });
  const inserted = new Set(stored.map((row) => row.id));
  const deliveries = wanted
    .filter((plan) => inserted.has(plan.id))
    .flatMap((plan) =>
      plan.endpoints.map((endpoint) => ({
        id: randomUUID(),
        messageId: plan.id,
        endpointId: endpoint.id,
        accountId: plan.message.accountId,
        eventType: plan.message.eventType,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
  if (deliveries.length > 0) await tx.insert(webhookDeliveries).values(deliveries);
  return planned.map((plan) =>
    inserted.has(plan.id)
      ? {
          messageId: plan.id,
          deliveryIds: deliveries
            .filter((delivery) => delivery.messageId === plan.id)
            .map((delivery) => delivery.id),
        }
      : undefined,
  );
}

/** One message: enqueueMessages of one. */
export async function enqueueMessage(
  tx: WebhookExecutor,
  message: MessageToEnqueue,
  now: Date,
): Promise<EnqueuedMessage | undefined> {
  const [queued] = await enqueueMessages(tx, [message], now);
  return queued;
}
