export { loadConfig, type McpGatewayConfig, SERVICE_NAME } from "./config";
export { startMcpGateway } from "./server";
