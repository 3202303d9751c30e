import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startAuthServer } from "./server";

await runMain(() => startAuthServer(loadConfig()));
