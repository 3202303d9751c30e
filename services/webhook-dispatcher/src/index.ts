export { loadConfig, SERVICE_NAME, type WebhookDispatcherConfig } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { type DescribedWebhookEvent, describeWebhookEvents } from "./payloads/describe-webhook-events";
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./payloads/webhook-event-types";
export { startWebhookDispatcher } from "./server";
