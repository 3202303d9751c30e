import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookMessages } from "../db/schema";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { type DeliveryWithAttempt, withLastAttempts } from "./list-webhook-deliveries";

/**
 * Sends a delivery's message again, now, with the same webhook-id (receivers that already have
 * it dedupe): the delivery becomes pending with a fresh schedule, whatever its status was. The
 * endpoint must be enabled.
 */
export async function replayWebhookDelivery(
  ctx: WebhookContext,
  accountId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryWithAttempt> {
  assertWebhooksIncluded(await ctx.allowances(accountId));
  const now = ctx.clock.now();
  const replayed = await ctx.db.transaction(async (tx) => {
    const endpoint = await getWebhookOrThrow(tx, accountId, endpointId);
    if (!endpoint.enabled) {
      throw new AppError("INVALID_STATE", {
        message: "The webhook endpoint is disabled",
        hint: "Enable it (update with enabled: true), then replay",
      });
    }
    const [delivery] = /^[0-9a-f-]{36}$/i.test(deliveryId)
      ? await tx
          .update(webhookDeliveries)
          .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null, updatedAt: now })
          .where(
            and(
              eq(webhookDeliveries.id, deliveryId.toLowerCase()),
              eq(webhookDeliveries.endpointId, endpoint.id),
            ),
          )
          .returning()
      : [];
    if (!delivery) {
      throw new AppError("NOT_FOUND", {
        message: "Delivery not found",
        details: { id: deliveryId.slice(0, 100) },
        hint: "List the endpoint's deliveries to find the id",
      });
    }
    const [message] = await tx
      .select({ body: webhookMessages.body })
      .from(webhookMessages)
      .where(eq(webhookMessages.id, delivery.messageId));
    const [withAttempt] = await withLastAttempts(tx, [{ delivery, body: message?.body ?? "" }]);
    return withAttempt!;
  });
  ctx.deliveriesQueued();
  return replayed;
}
