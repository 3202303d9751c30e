import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { buildTestPayload } from "../payloads/build-test-payload";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { enqueueMessage } from "./enqueue-message";
import type { DeliveryWithAttempt } from "./list-webhook-deliveries";

/**
 * Queues a `webhook.test` event for one endpoint, delivered (signed, retried, logged) like any
 * other, and answers that delivery (pending, no attempt yet). A disabled endpoint gets nothing:
 * enable it first.
 */
export async function sendTestWebhook(
  ctx: WebhookContext,
  accountId: string,
  id: string,
): Promise<DeliveryWithAttempt> {
  assertWebhooksIncluded(await ctx.allowances(accountId));
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const endpoint = await getWebhookOrThrow(tx, accountId, id);
    if (!endpoint.enabled) {
      throw new AppError("INVALID_STATE", {
        message: "The webhook endpoint is disabled",
        details: { reason: endpoint.disabledReason ?? "disabled" },
        hint: "Enable it (update with enabled: true), then send the test again",
      });
    }
    const body = JSON.stringify(buildTestPayload(endpoint.id, now));
    const queued = await enqueueMessage(
      tx,
      { accountId, eventType: "webhook.test", body, endpointId: endpoint.id },
      now,
    );
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, queued!.deliveryIds[0]!));
    return { delivery: delivery!, body, lastAttempt: undefined };
  });
  ctx.deliveriesQueued();
  return queued;
}
