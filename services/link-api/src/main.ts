import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startLinkApi } from "./server";

await runMain(() => startLinkApi(loadConfig()));
