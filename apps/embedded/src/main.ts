import { runMain } from "@kurz/service-runtime";
import { startEmbedded } from "./start-embedded";

await runMain(() => startEmbedded());
