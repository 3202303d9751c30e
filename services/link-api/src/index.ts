export { type LinkApiConfig, loadConfig, SERVICE_NAME } from "./config";
export { startLinkApi } from "./server";
