import { runMain } from "@kurz/service-runtime";
import { loadEdgeConfig } from "./config";
import { startEdge } from "./start-edge";

await runMain(() => startEdge(loadEdgeConfig()));
