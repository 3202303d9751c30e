import type { WebhookTransaction } from "../db/webhook-database";
import type { WebhookContext } from "../webhook-context";
import { type EnqueuedMessage, enqueueMessages, type MessageToEnqueue } from "./enqueue-message";

export interface QueueOptions {
  /** More writes that must commit with the messages (dead letters, a replay's mark). */
  inTransaction?(tx: WebhookTransaction): Promise<void>;
}

/**
 * Stores messages and their deliveries in one transaction (enqueueMessages), the deliveries this
 * replica's worker can attempt at once claimed for it as they are written; after the commit hands
 * those to the worker and wakes the workers for any others. Answers, per message, what was queued.
 */
export async function queueMessages(
  ctx: Pick<WebhookContext, "db" | "clock" | "freshClaims" | "deliveriesQueued">,
  messages: readonly MessageToEnqueue[],
  options: QueueOptions = {},
): Promise<Array<EnqueuedMessage | undefined>> {
  if (messages.length === 0 && !options.inTransaction) return [];
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    return enqueueMessages(tx, messages, now, ctx.freshClaims);
  });
  const claimed = queued.flatMap((message) => message?.claimed ?? []);
  const written = queued.reduce((sum, message) => sum + (message?.deliveryIds.length ?? 0), 0);
  if (written > 0) ctx.deliveriesQueued({ claimed, unclaimed: written - claimed.length });
  return queued;
}
