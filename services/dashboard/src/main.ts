import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startDashboard } from "./server";

await runMain(() => startDashboard(loadConfig()));
