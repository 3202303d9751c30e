import { createLogger } from "@kurz/logger";
import Fastify, { LogController } from "fastify";
import { runAutocannon } from "./run-autocannon";

const logger = createLogger({ service: "bench", level: "silent" });
const mode = process.argv[2];
const opts: Record<string, unknown> = {};
if (mode.includes("L")) { opts.loggerInstance = logger; opts.logController = new LogController({ disableRequestLogging: true }); }
if (mode.includes("R")) opts.requestIdHeader = "x-request-id";
if (mode.includes("F")) { opts.forceCloseConnections = "idle"; opts.return503OnClosing = true; }
if (mode.includes("T")) opts.trustProxy = ["loopback"];
const app = Fastify(opts);
if (mode.includes("C")) app.setChildLoggerFactory((l) => l);
app.get("/:code", async (req, reply) => { reply.code(302).headers({ location: "https://example.com/abc", "cache-control": "no-store" }); reply.send(); return reply; });
const url = await app.listen({ port: 0, host: "127.0.0.1" });
const r = await runAutocannon(`${url}/abc`, { connections: 64, durationSeconds: 4 });
console.log(mode, r.requestsPerSecond, r.p50Ms, r.p99Ms);
process.exit(0);
