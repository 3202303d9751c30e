export { type McpGatewayConfig, loadConfig, SERVICE_NAME } from "./config";
export { startMcpGateway } from "./server";
