import { defineTool } from "../tool-definition";
import { deliverySchema, toDeliveryOutput, webhookIdParam } from "./webhook-output";

export const testWebhook = defineTool({
  name: "testWebhook",
  title: "Send a test event to a webhook endpoint",
  description:
    "Queues a webhook.test event for the endpoint, signed and delivered like any event (it reaches the receiver's real URL). Use it to check a receiver; read the outcome with listWebhookDeliveries a few seconds later. The endpoint must be enabled.",
  input: { id: webhookIdParam },
  output: { delivery: deliverySchema.nullable() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scope: "webhook:write",
  planFeature: "webhooks",
  async run(clients, args) {
    const { delivery } = await clients.webhooks.sendTestWebhook({ id: args.id });
    return { delivery: delivery ? toDeliveryOutput(delivery) : null };
  },
});
