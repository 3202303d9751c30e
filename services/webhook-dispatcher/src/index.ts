export { loadConfig, SERVICE_NAME, type WebhookDispatcherConfig } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { startWebhookDispatcher } from "./server";
