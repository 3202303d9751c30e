import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's endpoint by id; NOT_FOUND otherwise (another account's included). */
export async function getWebhookOrThrow(
  db: WebhookExecutor,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpointRow> {
  const ref = id.trim();
  if (UUID.test(ref)) {
    const query = db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, ref.toLowerCase())))
      .limit(1);
    const [row] = options.forUpdate ? await query.for("update") : await query;
    if (row) return row;
  }
  throw new AppError("NOT_FOUND", {
    message: "Webhook endpoint not found",
    details: { id: ref.slice(0, 100) },
    hint: "Use the id of one of your webhook endpoints; list them to find it",
  });
}
