import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import type { ClaimedDelivery } from "./claim-due-deliveries";

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
  /** Those of its deliveries claimed for this replica as they were written (FreshClaims). */
  claimed: ClaimedDelivery[];
}

/**
 * What this replica's delivery worker can take of fresh deliveries at once. Those are written
 * already claimed for it (due at their claim's end, as a claim leaves them) and handed to it after
 * the commit: no claim statement reads them back, and a delivery row is written twice (queued,
 * attempted), not three times. The rest wait in the outbox for a claim.
 */
export interface FreshClaims {
  /** How long a claim lasts. */
  readonly leaseMs: number;
  /**
   * For fresh deliveries to these endpoints (one entry per delivery, in order), whether this
   * replica takes each now. Reserves nothing: two batches asking at once may both be granted the
   * same room (the worker starts no attempt that could outlast its claim, so that costs a delay,
   * never a second sender).
   */
  take(endpointIds: readonly string[]): boolean[];
}

/** A new message id: the `webhook-id` of every attempt (Standard Webhooks' `msg_` prefix). */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

type EndpointChoice = ClaimedDelivery["endpoint"] & { eventTypes: string[]; linkIds: string[] };

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
 * internal event was stored before (a redelivery) queues nothing. With `fresh`, the deliveries
 * this replica can attempt at once are claimed for it in the same statement. Answers, per message,
 * what was queued (undefined: nothing).
 */
export async function enqueueMessages(
  tx: WebhookExecutor,
  messages: readonly MessageToEnqueue[],
  now: Date,
  fresh?: FreshClaims,
): Promise<Array<EnqueuedMessage | undefined>> {
  if (messages.length === 0) return [];
  const accounts = [...new Set(messages.map((message) => message.accountId))];
  const endpoints: EndpointChoice[] = await tx
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      eventTypes: webhookEndpoints.eventTypes,
      linkIds: webhookEndpoints.linkIds,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      failingSince: webhookEndpoints.failingSince,
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
    plan.endpoints.map((endpoint) => ({ id: randomUUID(), plan, endpoint })),
  );
  const taken = fresh?.take(rows.map((row) => row.endpoint.id)) ?? [];
  const until = new Date(now.getTime() + (fresh?.leaseMs ?? 0));
  const at = now.toISOString();
  // One statement for the batch, whatever its size: each column goes as one array parameter
  // (unnest), the messages first and the deliveries of those that were new.
  const stored = await tx.execute<{ id: string }>(sql`
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
      claimed_until, created_at, updated_at)
    select d.id, d.message_id, d.endpoint_id, stored.account_id, stored.event_type,
      case when d.taken then ${until.toISOString()}::timestamptz else ${at}::timestamptz end,
      case when d.taken then ${until.toISOString()}::timestamptz end,
      ${at}::timestamptz, ${at}::timestamptz
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(rows.map((row) => row.plan.id))}::text[],
      ${sql.param(rows.map((row) => row.endpoint.id))}::uuid[],
      ${sql.param(rows.map((_, i) => taken[i] === true))}::boolean[]
    ) as d(id, message_id, endpoint_id, taken)
    join stored on stored.id = d.message_id
    returning id`);
  const written = new Set(stored.rows.map((row) => row.id));
  const queued = new Map<string, EnqueuedMessage>();
  rows.forEach((row, i) => {
    if (!written.has(row.id)) return;
    const message = queued.get(row.plan.id) ?? { messageId: row.plan.id, deliveryIds: [], claimed: [] };
    message.deliveryIds.push(row.id);
    if (taken[i] === true) {
      const { eventTypes: _types, linkIds: _links, ...endpoint } = row.endpoint;
      message.claimed.push({
        id: row.id,
        claimedUntil: until,
        attempts: 0,
        messageId: row.plan.id,
        body: row.plan.message.body,
        endpoint,
      });
    }
    queued.set(row.plan.id, message);
  });
  return planned.map((plan) => queued.get(plan.id));
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
