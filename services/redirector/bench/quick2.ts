import { createLogger } from "@kurz/logger";
import { createHttpApp } from "@kurz/service-runtime";
import Fastify from "fastify";
import { runAutocannon } from "./run-autocannon";

const logger = createLogger({ service: "bench", level: "silent" });
const mode = process.argv[2];
let app;
if (mode === "plain") { app = Fastify(); } else { app = createHttpApp({ service: "x", logger, trustProxy: mode === "trust" ? ["loopback"] : false }).app; }
app.get("/:code", async (req, reply) => { reply.code(302).headers({ location: "https://example.com/abc", "cache-control": "no-store" }); reply.send(); return reply; });
const url = await app.listen({ port: 0, host: "127.0.0.1" });
const r = await runAutocannon(`${url}/abc`, { connections: 64, durationSeconds: 5 });
console.log(mode, r.requestsPerSecond, r.p50Ms, r.p99Ms);
process.exit(0);
