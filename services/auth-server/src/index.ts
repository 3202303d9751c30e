export { type AuthServerConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { type RunningAuthServer, type StartOptions, startAuthServer } from "./server";
