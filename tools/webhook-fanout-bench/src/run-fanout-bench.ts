/**
 * Does `link.clicked` fan-out slow the redirect edge? (webhook-dispatcher issue: "does not lower
 * the redirect ratio of `make bench` by more than 5 %".) Measured on the distributed cluster —
 * every service its own process, as deployed — on PostgreSQL, Redis and a Kafka-protocol broker:
 *
 * - a Business account with two sets of LINKS links and one webhook endpoint selecting
 *   `link.clicked` for the first set only (its link filter), whose URL is a receiver in this
 *   process counting deliveries by `webhook-id`;
 * - PAIRS pairs of BURST_SECONDS autocannon bursts (own process, CONNECTIONS connections) at the
 *   redirector: one at the first set (every redirect becomes a signed delivery), one at the
 *   second (the dispatcher still reads every click and queues nothing), in alternating order.
 *   After a burst with fan-out the bench waits until every click of it was delivered, so no
 *   backlog spills into the next burst. (Switching the endpoint off and on instead would let
 *   clicks still on the topic from one burst be judged under the other's setting.)
 * - per burst: redirects per second, and the redirector process's own CPU per redirect (from
 *   /proc): the first says what the whole machine gives the edge while the dispatcher works, the
 *   second what the edge itself spends. `make bench`'s ratio is redirects over a fixed baseline,
 *   so its change is the redirect rate's change.
 *
 * The redirector publishes one click event per redirect whoever listens; the fan-out happens in
 * the dispatcher. On this machine every process shares two cores, so the dispatcher's work takes
 * CPU the redirector could have used; in a cluster it runs on its own pods.
 *
 *   pnpm --filter @kurz/webhook-fanout-bench bench      (part of make bench-webhooks)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDistributed } from "@kurz/distributed";
import {
  freePort,
  isolatedRedisEnv,
  kafkaBackend,
  LoadGenerator,
  localEdgeEnv,
  median,
  postgresBackend,
  redisBackend,
  setPlanAsOperator,
  signInWithOAuth,
  startWebhookReceiver,
} from "@kurz/testing";
import { processCpuSeconds } from "./process-cpu-seconds";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 6);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LINKS = 12;
/** The longest a burst's deliveries may take to arrive before the bench gives up. */
const DRAIN_TIMEOUT_MS = 180_000;
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  referer: "https://news.example.org/post",
};

const print = (text: string) => process.stdout.write(`${text}\n`);

const percent = (change: number) => `${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)} %`;

const [postgres, redis, kafka] = await Promise.all([postgresBackend(), redisBackend(), kafkaBackend()]);
if (!postgres.available || !redis.available || !kafka.available) {
  throw new Error("the fan-out bench needs PostgreSQL, Redis and a Kafka broker (scripts/start-backends.sh)");
}

const receiver = await startWebhookReceiver();
const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-fanout-bench-"));
const port = await freePort();
const shortHost = `localhost:${port}`;
const adminSecret = randomBytes(24).toString("base64url");
const runId = randomBytes(3).toString("hex");
const cluster = await startDistributed({
  env: {
    ...process.env,
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    KURZ_POSTGRES_ADMIN_URL: postgres.value.adminUrl,
    ...isolatedRedisEnv(redis.value.url),
    ...localEdgeEnv(port),
    PLAN_CACHE_TTL_MS: "200",
    ADMIN_SECRET: adminSecret,
    // The receiver is on this machine: let the dispatcher reach it over plain http.
    WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
  },
  ports: "ephemeral",
  output: () => undefined,
});
const load = new LoadGenerator();
try {
  const edgeUrl = cluster.url.replace("127.0.0.1", "localhost");
  const user = await signInWithOAuth(edgeUrl, "shorturl:create shorturl:read webhook:read webhook:write", {
    afterSignUp: (email) =>
      setPlanAsOperator({
        dataDir,
        authServerGrpcAddress: cluster.services["auth-server"].grpcAddress,
        email,
        plan: "business",
        adminSecret,
      }),
  });
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${edgeUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  const linkSet = async (prefix: string) => {
    // The cluster's databases outlive a run: aliases of this run only.
    const codes = Array.from({ length: LINKS }, (_, i) => `${prefix}-${runId}-${i + 1}`);
    const ids: string[] = [];
    for (const code of codes) {
      const created = await api("POST", "/api/v1/urls", {
        url: "https://example.com/landing",
        customAlias: code,
      });
      ids.push((created.url as { linkId: string }).linkId);
    }
    return { paths: codes.map((code) => `/${code}`), ids };
  };
  const fannedOut = await linkSet("fanout");
  const quiet = await linkSet("quiet");
  await api("POST", "/api/v1/webhooks", {
    url: receiver.url,
    description: "fan-out bench",
    event_types: ["link.clicked"],
    link_ids: fannedOut.ids,
  });

  const redirector = cluster.services.redirector;
  const pid = redirector.process.child.pid ?? 0;
  const burst = async (fanOut: boolean) => {
    const cpuBefore = processCpuSeconds(pid);
    const result = await load.run(redirector.httpUrl, {
      paths: fanOut ? fannedOut.paths : quiet.paths,
      connections: CONNECTIONS,
      durationSeconds: BURST_SECONDS,
      headers: { ...HEADERS, host: shortHost },
    });
    const cpuMicros = ((processCpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests);
    if (result.errors > 0 || result.non2xx3xx > 0) {
      throw new Error(`redirector: ${result.errors} errors, ${result.non2xx3xx} 4xx/5xx responses`);
    }
    return { ...result, cpuMicros };
  };
  /** Waits until `expected` deliveries have arrived and no more come for a second. */
  const drain = async (expected: number) => {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    let last = -1;
    let stableSince = Date.now();
    for (;;) {
      const now = receiver.distinct();
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      } else if (now >= expected && Date.now() - stableSince >= 1_000) {
        return;
      }
      if (Date.now() > deadline) throw new Error(`fan-out stalled: ${now} of ${expected} deliveries`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  // Warm-up: the redirector's caches, the dispatcher's connections, JIT on every path.
  const warm = await burst(true);
  await drain(warm.requests);
  await burst(false);

  print(
    `link.clicked fan-out and the redirect edge (${new Date().toISOString()}): distributed cluster, ${PAIRS} pairs of ${BURST_SECONDS} s bursts, ${CONNECTIONS} connections, ${LINKS} links each`,
  );
  const rateChange: number[] = [];
  const cpuChange: number[] = [];
  let delivered = 0;
  let redirectsWithFanOut = 0;
  let drainSeconds = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? [true, false] : [false, true];
    const measured: Record<string, Awaited<ReturnType<typeof burst>>> = {};
    for (const fanOut of order) {
      const before = receiver.distinct();
      const started = Date.now();
      const result = await burst(fanOut);
      if (fanOut) {
        // autocannon counts the answers it read; a request in flight at the end was redirected
        // (and delivered) too, so up to one per connection more may arrive.
        await drain(before + result.requests);
        const arrived = receiver.distinct() - before;
        if (arrived < result.requests || arrived > result.requests + CONNECTIONS) {
          throw new Error(`${result.requests} redirects but ${arrived} deliveries`);
        }
        delivered += arrived;
        redirectsWithFanOut += result.requests;
        drainSeconds += (Date.now() - started) / 1000;
      }
      measured[fanOut ? "on" : "off"] = result;
    }
    const on = measured.on!;
    const off = measured.off!;
    rateChange.push(on.requestsPerSecond / off.requestsPerSecond - 1);
    cpuChange.push(on.cpuMicros / off.cpuMicros - 1);
    print(
      `  pair ${pair + 1}: fan-out on ${Math.round(on.requestsPerSecond)} rps, ${Math.round(on.cpuMicros)} µs redirector CPU/redirect | off ${Math.round(off.requestsPerSecond)} rps, ${Math.round(off.cpuMicros)} µs | rate ${percent(rateChange.at(-1)!)}, CPU ${percent(cpuChange.at(-1)!)}`,
    );
  }
  const rate = median(rateChange);
  const cpu = median(cpuChange);
  print(
    `  deliveries: ${delivered} for ${redirectsWithFanOut} redirects with fan-out on (each once by webhook-id, ${receiver.requests() - receiver.distinct()} retries), ${Math.round(delivered / drainSeconds)} per second from the first redirect to the last delivery`,
  );
  print(
    `  redirector CPU per redirect with fan-out on: ${percent(cpu)} (median of pairs; the edge's own work)`,
  );
  print(
    `  redirect throughput with fan-out on: ${percent(rate)} (median of pairs; make bench's ratio moves by the same) (target: no lower than −5 %) ${rate >= -0.05 ? "OK" : "OUTSIDE TARGET"}`,
  );
} finally {
  load.close();
  await cluster.stop();
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
