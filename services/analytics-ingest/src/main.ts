import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startAnalyticsIngest } from "./server";

await runMain(() => startAnalyticsIngest(loadConfig()));
