import { eq } from "drizzle-orm";
import { webhookEndpoints } from "../db/schema";
import type { WebhookContext } from "../webhook-context";
import { getWebhookOrThrow } from "./get-webhook-or-throw";

/**
 * Deletes an endpoint; its deliveries and their attempt log go with it (cascade). Whatever the
 * plan: an account that lost webhooks can still remove what it set up.
 */
export async function deleteWebhook(ctx: WebhookContext, accountId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const endpoint = await getWebhookOrThrow(tx, accountId, id, { forUpdate: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });
  ctx.subscriptions.forget(accountId);
  ctx.logger.info(
    { event: "webhook.endpoint_deleted", accountId, endpointId: id },
    "webhook endpoint deleted",
  );
}
