export { type RedirectorConfig, loadConfig, SERVICE_NAME } from "./config";
export { startRedirector } from "./server";
