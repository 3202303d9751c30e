import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startRedirector } from "./server";

await runMain(() => startRedirector(loadConfig()));
