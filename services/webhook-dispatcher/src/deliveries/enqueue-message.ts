import { randomUUID } from "node:crypto";
import { and, arrayContains, eq, sql } from "drizzle-orm";
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

/** A new message id: the `webhook-id` of every attempt (Standard Webhooks' `msg_` prefix). */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/**
 * Stores a message and one pending delivery per matching endpoint, due now, in one transaction
 * (the durable outbox: once this commits the message is delivered or its failure is logged).
 * No matching endpoint: nothing is stored — a click stream costs nothing for accounts that did
 * not ask for it. Answers the deliveries queued (0 for a replayed internal event).
 */
export async function enqueueMessage(
  tx: WebhookExecutor,
  message: MessageToEnqueue,
  now: Date,
): Promise<{ messageId: string; deliveryIds: string[] } | undefined> {
  const conditions = [
    eq(webhookEndpoints.accountId, message.accountId),
    eq(webhookEndpoints.enabled, true),
    message.endpointId === undefined
      ? arrayContains(webhookEndpoints.eventTypes, [message.eventType])
      : eq(webhookEndpoints.id, message.endpointId),
  ];
  if (message.endpointId === undefined) {
    conditions.push(
      message.linkId === undefined
        ? sql`cardinality(${webhookEndpoints.linkIds}) = 0`
        : sql`(cardinality(${webhookEndpoints.linkIds}) = 0 or ${message.linkId} = any(${webhookEndpoints.linkIds}))`,
    );
  }
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(...conditions));
  if (endpoints.length === 0) return undefined;

  const [stored] = await tx
    .insert(webhookMessages)
    .values({
      id: newMessageId(),
      accountId: message.accountId,
      sourceEventId: message.sourceEventId ?? null,
      eventType: message.eventType,
      linkId: message.linkId ?? null,
      body: message.body,
      createdAt: now,
    })
    .onConflictDoNothing({ target: webhookMessages.sourceEventId })
    .returning({ id: webhookMessages.id });
  if (!stored) return undefined;
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        messageId: stored.id,
        endpointId: endpoint.id,
        accountId: message.accountId,
        eventType: message.eventType,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return { messageId: stored.id, deliveryIds: deliveries.map((row) => row.id) };
}
