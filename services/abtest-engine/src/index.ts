export { type AbtestEngineConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { startAbtestEngine } from "./server";
