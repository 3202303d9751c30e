import { signWebhook, type WebhookMessage } from "./sign-webhook";

export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
  "content-type": "application/json";
}

/** The Standard Webhooks request headers for one delivery attempt. */
export function webhookHeaders(message: WebhookMessage, secrets: readonly string[]): WebhookHeaders {
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(message.timestampSeconds),
    "webhook-signature": signWebhook(message, secrets),
    "content-type": "application/json",
  };
}
