import { count, desc, eq } from "drizzle-orm";
import { type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import type { ListWebhooksQuery } from "./webhook-input-schemas";

export interface WebhookPage {
  items: WebhookEndpointRow[];
  page: number;
  limit: number;
  total: number;
}

/** The account's endpoints, newest first. */
export async function listWebhooks(
  db: WebhookExecutor,
  accountId: string,
  query: ListWebhooksQuery,
): Promise<WebhookPage> {
  const where = eq(webhookEndpoints.accountId, accountId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(webhookEndpoints).where(where);
  return { items: rows, page: query.page, limit: query.limit, total: total?.total ?? 0 };
}
