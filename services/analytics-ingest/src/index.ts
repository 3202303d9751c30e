export { type AnalyticsIngestConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { startAnalyticsIngest } from "./server";
