export { type AnalyticsIngestConfig, loadConfig, SERVICE_NAME } from "./config";
export { startAnalyticsIngest } from "./server";
