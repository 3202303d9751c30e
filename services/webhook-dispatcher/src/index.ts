export { loadConfig, SERVICE_NAME, type WebhookDispatcherConfig } from "./config";
export { startWebhookDispatcher } from "./server";
