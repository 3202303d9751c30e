import { runMain } from "@kurz/service-runtime";
import { loadConfig } from "./config";
import { startMcpGateway } from "./server";

await runMain(() => startMcpGateway(loadConfig()));
