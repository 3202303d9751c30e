export { type AnalyticsIngestConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { type AnalyticsIngestOptions, startAnalyticsIngest } from "./server";
