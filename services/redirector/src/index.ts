export { loadConfig, type RedirectorConfig, SERVICE_NAME } from "./config";
export { startRedirector } from "./server";
