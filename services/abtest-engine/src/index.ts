export { type AbtestEngineConfig, loadConfig, SERVICE_NAME } from "./config";
export { startAbtestEngine } from "./server";
