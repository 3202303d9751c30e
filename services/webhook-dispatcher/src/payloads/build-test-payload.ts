import { WEBHOOK_TEST_MESSAGE } from "./test-payload";
import type { WebhookPayloadBody } from "./webhook-payload-schemas";

/** The webhook.test body for an endpoint, sent by the endpoint test call. */
export function buildTestPayload(endpointId: string, now: Date): WebhookPayloadBody<"webhook.test"> {
  const sentAt = now.toISOString();
  return {
    type: "webhook.test",
    timestamp: sentAt,
    data: { endpoint_id: endpointId, message: WEBHOOK_TEST_MESSAGE, sent_at: sentAt },
  };
}
