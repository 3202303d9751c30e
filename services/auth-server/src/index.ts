export { type AuthServerConfig, loadConfig, SERVICE_NAME } from "./config";
export { type RunningAuthServer, type StartOptions, startAuthServer } from "./server";
