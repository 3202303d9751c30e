import { runMain } from "@kurz/service-runtime";
import { startEmbedded } from "./start-embedded";

// KURZ_SERVICE_PORTS=ephemeral lets a second instance (or a test) run beside `make start`.
await runMain(() =>
  startEmbedded({ ports: process.env.KURZ_SERVICE_PORTS === "ephemeral" ? "ephemeral" : "default" }),
);
