import { AppError } from "@kurz/errors";
import { getWebhookOrThrow } from "../endpoints/get-webhook-or-throw";
import { buildTestPayload } from "../payloads/build-test-payload";
import { assertWebhooksIncluded } from "../plans/webhook-allowance";
import type { WebhookContext } from "../webhook-context";
import { enqueueMessage } from "./enqueue-message";

/**
 * Queues a `webhook.test` event for one endpoint, delivered (signed, retried, logged) like any
 * other. A disabled endpoint gets nothing: enable it first.
 */
export async function sendTestWebhook(ctx: WebhookContext, accountId: string, id: string): Promise<string> {
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
    return enqueueMessage(
      tx,
      {
        accountId,
        eventType: "webhook.test",
        body: JSON.stringify(buildTestPayload(endpoint.id, now)),
        endpointId: endpoint.id,
      },
      now,
    );
  });
  ctx.deliveriesQueued();
  return queued!.deliveryIds[0]!;
}
