export { type DashboardConfig, loadConfig, SERVICE_NAME } from "./config";
export { startDashboard } from "./server";
