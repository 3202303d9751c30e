import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startAbtestEngine } from "./server";

await runMain(() => startAbtestEngine(loadConfig()));
