import { createCache } from "@kurz/cache";
import { createGrpcClient } from "@kurz/grpc";
import { createEventBus } from "@kurz/events";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { createHttpApp } from "@kurz/service-runtime";
import { startTestLinkService } from "@kurz/testing";
import Fastify, { LogController } from "fastify";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { linkSourceFromGrpc } from "../src/links/link-source";
import { runAutocannon } from "./run-autocannon";
import { startBaselineServer } from "./start-baseline-server";

async function measure(name: string, url: string) {
  const before = process.cpuUsage();
  const r = await runAutocannon(url, { connections: 64, durationSeconds: 3, headers: { "user-agent": "Mozilla/5.0 Chrome/126" } });
  const cpu = process.cpuUsage(before);
  console.log(name.padEnd(12), "rps", Math.round(r.requestsPerSecond), "cpu µs/req", ((cpu.user + cpu.system) / r.requests).toFixed(1));
}
const logger = createLogger({ service: "bench", level: "silent" });
const which = process.argv[2] ?? "all";
if (which.includes("base")) { const base = await startBaselineServer(new Map([["abc", "https://example.com/abc"]])); await measure("baseline", `${base.url}/abc`); await base.close(); }
for (const variant of ["plain", "plainlog", "runtime", "runtimeC", "runtimeCT"]) {
  if (!which.includes(variant)) continue;
  let app;
  if (variant.startsWith("plain")) app = Fastify(variant === "plainlog" ? { loggerInstance: logger as never, logController: new LogController({ disableRequestLogging: true }) } : {});
  else { app = createHttpApp({ service: "x", logger, trustProxy: variant === "runtimeCT" ? ["loopback"] : false }).app; if (variant !== "runtime") app.setChildLoggerFactory((l) => l); }
  app.get("/:code", async (req, reply) => { reply.code(302).headers({ location: "https://example.com/abc", "cache-control": "no-store" }); reply.send(); return reply; });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  await measure(variant, `${url}/abc`);
  await app.close();
}
if (which.includes("redir")) {
  const links = await startTestLinkService([{ host: "localhost", code: "abc", linkId: "l1", accountId: "a1", destinationUrl: "https://example.com/abc", trackingEnabled: which.includes("track"), dynamic: true }]);
  const bus = createEventBus({ clientId: "bench", logger });
  const producer = bus.producer({ maxBufferedMessages: 500000 });
  const app = buildApp({ config: loadConfig({}), logger, readiness: [], cache: createCache({ logger }), clickProducer: producer, linkSource: linkSourceFromGrpc(createGrpcClient(linksV1.LinkService, links.address), 1000) });
  const url = await app.http.app.listen({ port: 0, host: "127.0.0.1" });
  await measure("redirector", `${url}/abc`);
}
process.exit(0);
