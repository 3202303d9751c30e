export { type WebhookDispatcherConfig, loadConfig, SERVICE_NAME } from "./config";
export { startWebhookDispatcher } from "./server";
