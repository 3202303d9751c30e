export { type AbtestEngineConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { type AbtestEngineOptions, startAbtestEngine } from "./server";
