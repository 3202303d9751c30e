export { type AuthServerConfig, loadConfig, SERVICE_NAME } from "./config";
export { startAuthServer } from "./server";
