import { recordChange } from "@kurz/audit";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { webhookEndpoints } from "../db/schema";
import type { WebhookContext } from "../webhook-context";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { webhookAuditFields } from "./webhook-audit-fields";

/**
 * Deletes an endpoint; its deliveries and their attempt log go with it (cascade). Whatever the
 * plan: an account that lost webhooks can still remove what it set up.
 */
export async function deleteWebhook(ctx: WebhookContext, accountId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const endpoint = await getWebhookOrThrow(tx, accountId, id, { forUpdate: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: accountId,
      action: "webhook.deleted",
      target: { type: "webhook", id: endpoint.id },
      before: webhookAuditFields(endpoint),
      at: ctx.clock.now(),
    });
  });
  ctx.eventsWritten();
  ctx.subscriptions.forget(accountId);
  ctx.logger.info(
    { event: "webhook.endpoint_deleted", accountId, endpointId: id },
    "webhook endpoint deleted",
  );
}
