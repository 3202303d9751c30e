import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  type DeliveryStatus,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  webhookAttempts,
  webhookDeliveries,
  webhookMessages,
} from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";

export interface DeliveryWithAttempt {
  delivery: WebhookDeliveryRow;
  body: string;
  lastAttempt: WebhookAttemptRow | undefined;
}

export interface DeliveryPage {
  items: DeliveryWithAttempt[];
  page: number;
  limit: number;
  total: number;
}

/** An endpoint's deliveries, newest first, each with its message body and its last attempt. */
export async function listWebhookDeliveries(
  db: WebhookExecutor,
  endpointId: string,
  query: { status?: DeliveryStatus | undefined; page: number; limit: number },
): Promise<DeliveryPage> {
  const conditions: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
  if (query.status) conditions.push(eq(webhookDeliveries.status, query.status));
  const where = and(...conditions);
  const rows = await db
    .select({ delivery: webhookDeliveries, body: webhookMessages.body })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  return {
    items: await withLastAttempts(db, rows),
    page: query.page,
    limit: query.limit,
    total: total?.total ?? 0,
  };
}

/** The newest attempt of each delivery, one query for the page. */
export async function withLastAttempts(
  db: WebhookExecutor,
  rows: readonly { delivery: WebhookDeliveryRow; body: string }[],
): Promise<DeliveryWithAttempt[]> {
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .selectDistinctOn([webhookAttempts.deliveryId])
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.attemptedAt));
  const last = new Map(attempts.map((attempt) => [attempt.deliveryId, attempt]));
  return rows.map((row) => ({ ...row, lastAttempt: last.get(row.delivery.id) }));
}
