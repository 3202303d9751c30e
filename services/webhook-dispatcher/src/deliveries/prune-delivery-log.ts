import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { webhookDeliveries, webhookMessages } from "../db/schema";
import type { WebhookContext } from "../webhook-context";

/** No plan keeps less; messages younger than this are never looked at by the sweep. */
const SHORTEST_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
/**
 * Messages deleted per statement (with their deliveries and attempts: three rows or more each).
 * An account sending 100,000 clicks a day has that many to go every day, and a sweep after a
 * long stop many times more: one statement for all of it would hold its locks and build its WAL
 * for minutes.
 */
const DEFAULT_BATCH = 2_000;

/**
 * Deletes what each account's plan no longer keeps (its analytics retention): messages older
 * than that, with their deliveries and attempt log (cascade). A message with a delivery still
 * pending stays until it is settled. Deletes in batches of `batchSize` messages. Answers how many
 * messages went.
 */
export async function pruneDeliveryLog(ctx: WebhookContext, batchSize = DEFAULT_BATCH): Promise<number> {
  const now = ctx.clock.now().getTime();
  const oldest = new Date(now - SHORTEST_RETENTION_DAYS * DAY_MS);
  const accounts = await ctx.db
    .selectDistinct({ accountId: webhookMessages.accountId })
    .from(webhookMessages)
    .where(lt(webhookMessages.createdAt, oldest));
  let pruned = 0;
  for (const { accountId } of accounts) {
    let retentionDays: number;
    try {
      retentionDays = (await ctx.allowances(accountId)).retentionDays;
    } catch (err) {
      // Unknown plan now: keep everything rather than guess; the next pass tries again.
      ctx.logger.warn({ event: "webhook.prune_plan_unavailable", accountId, err });
      continue;
    }
    const cutoff = new Date(now - Math.max(SHORTEST_RETENTION_DAYS, retentionDays) * DAY_MS);
    for (;;) {
      const batch = ctx.db
        .select({ id: webhookMessages.id })
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.accountId, accountId),
            lt(webhookMessages.createdAt, cutoff),
            notExists(
              ctx.db
                .select({ one: sql`1` })
                .from(webhookDeliveries)
                .where(
                  and(
                    eq(webhookDeliveries.messageId, webhookMessages.id),
                    eq(webhookDeliveries.status, "pending"),
                  ),
                ),
            ),
          ),
        )
        .limit(batchSize);
      const deleted = await ctx.db
        .delete(webhookMessages)
        .where(inArray(webhookMessages.id, batch))
        .returning({ id: webhookMessages.id });
      pruned += deleted.length;
      if (deleted.length < batchSize) break;
    }
  }
  if (pruned > 0)
    ctx.logger.info({ event: "webhook.log_pruned", messages: pruned }, "webhook delivery log pruned");
  return pruned;
}
