import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startWebhookDispatcher } from "./server";

await runMain(() => startWebhookDispatcher(loadConfig()));
