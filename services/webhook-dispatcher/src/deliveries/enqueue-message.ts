import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
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
 * Stores messages and one pending delivery per matching enabled endpoint, due now — two
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

  const rows = wanted.flatMap((plan) =>
    plan.endpoints.map((endpoint) => ({ id: randomUUID(), messageId: plan.id, endpointId: endpoint.id })),
  );
  const at = now.toISOString();
  // One statement for the batch, whatever its size: each column goes as one array parameter
  // (unnest), the messages first and the deliveries of those that were new.
  const stored = await tx.execute<{ id: string; message_id: string }>(sql`
    with stored as (
      insert into webhook_messages (id, account_id, source_event_id, event_type, link_id, body, created_at)
      select m.id, m.account_id, m.source_event_id, m.event_type, m.link_id, m.body, ${at}::timestamptz
      from unnest(
        ${sql.param(wanted.map((plan) => plan.id))}::text[],
        ${sql.param(wanted.map((plan) => plan.message.accountId))}::text[],
        ${sql.param(wanted.map((plan) => plan.message.sourceEventId ?? null))}::text[],
        ${sql.param(wanted.map((plan) => plan.message.eventType))}::text[],
        ${sql.param(wanted.map((plan) => plan.message.linkId ?? null))}::text[],
        ${sql.param(wanted.map((plan) => plan.message.body))}::text[]
      ) as m(id, account_id, source_event_id, event_type, link_id, body)
      on conflict (source_event_id) do nothing
      returning id, account_id, event_type
    )
    insert into webhook_deliveries (id, message_id, endpoint_id, account_id, event_type, next_attempt_at,
      created_at, updated_at)
    select d.id, d.message_id, d.endpoint_id, stored.account_id, stored.event_type, ${at}::timestamptz,
      ${at}::timestamptz, ${at}::timestamptz
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(rows.map((row) => row.messageId))}::text[],
      ${sql.param(rows.map((row) => row.endpointId))}::uuid[]
    ) as d(id, message_id, endpoint_id)
    join stored on stored.id = d.message_id
    returning id, message_id`);
  const deliveries = new Map<string, string[]>();
  for (const row of stored.rows) {
    const ids = deliveries.get(row.message_id) ?? [];
    ids.push(row.id);
    deliveries.set(row.message_id, ids);
  }
  return planned.map((plan) => {
    const deliveryIds = deliveries.get(plan.id);
    return deliveryIds ? { messageId: plan.id, deliveryIds } : undefined;
  });
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
