export { type LinkApiConfig, loadConfig, SERVICE_NAME } from "./config";
export { describeHttpApi } from "./describe-http-api";
export { startLinkApi } from "./server";
