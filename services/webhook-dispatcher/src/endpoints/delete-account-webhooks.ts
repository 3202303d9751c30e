import { eq } from "drizzle-orm";
import { webhookEndpoints, webhookMessages } from "../db/schema";
import type { WebhookContext } from "../webhook-context";

/**
 * Deletes every webhook endpoint and queued message of a deleted workspace (`account.deleted`);
 * their deliveries and attempt log go with them (cascade). Idempotent: a redelivered event finds
 * nothing.
 */
export async function deleteAccountWebhooks(
  ctx: Pick<WebhookContext, "db" | "logger" | "subscriptions">,
  accountId: string,
): Promise<void> {
  const endpoints = await ctx.db.transaction(async (tx) => {
    await tx.delete(webhookMessages).where(eq(webhookMessages.accountId, accountId));
    return tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .returning({ id: webhookEndpoints.id });
  });
  ctx.subscriptions.forget(accountId);
  if (endpoints.length > 0) {
    ctx.logger.info({ event: "webhook.account_deleted", accountId, endpoints: endpoints.length });
  }
}
