/**
 * What the MCP gateway costs, measured in one run on this machine:
 *
 * 1. `tools/call getUrl` through the gateway (the SDK's client over Streamable HTTP, one session
 *    per loop, to the gateway's own port) against the same `LinkService.GetLink` made directly
 *    over gRPC with the same credential (the API key, exchanged at auth-server, as the gateway
 *    does): p50/p99 of each, their ratio and the milliseconds the gateway adds (target: ≤ 2 ms at
 *    p50 with 16 concurrent sessions), and the CPU the Kurz process spends per call on each path;
 *    then the same 16 loops as 2026-07-28 stateless requests (no session: the revision's `_meta`
 *    envelope and headers on each).
 * 2. The memory of idle SSE sessions (`GET /mcp/sse`): the gateway process's heap and RSS growth
 *    per session.
 *
 * Three processes, as deployed: the embedded Kurz here (every service the gateway calls), the
 * gateway (gateway-process.ts, its own pod in production) and the calls' client
 * (bench-client.ts), so that each one's CPU per call can be told apart.
 *
 *   pnpm --filter @kurz/mcp-bench bench      (make bench-mcp)
 *
 * BENCH_SESSIONS (default 16) concurrent sessions, BENCH_CALLS (default 50) calls per session,
 * BENCH_SSE_SESSIONS (default 1000) idle streams. Each phase calls as its own Enterprise account,
 * whose 1,200 MCP requests a minute bound the calls of a phase.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbedded } from "@kurz/embedded";
import { SERVICE_NAMES, serviceVariable } from "@kurz/routes";
import { createMcpKey, freePort, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import type { BenchAccount } from "./bench-protocol";
import { type CallStats, poolCallStats } from "./measure-calls";
import type { BenchRevision } from "./open-mcp-session";
import { startBenchClient } from "./start-bench-client";
import { startGatewayProcess } from "./start-gateway-process";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 16);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const SSE_SESSIONS = Number(process.env.BENCH_SSE_SESSIONS ?? 1000);
/** The paced phase: each session calls once every this many milliseconds, ... */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 100);
/** ... in this many rounds of direct then gateway calls, each round as its own account. */
const PACED_ROUNDS = Number(process.env.BENCH_PACED_ROUNDS ?? 3);
/** Calls per session before measuring (the first account's): the gateway's code compiled hot. */
const WARM_UP_CALLS = 40;

/** A measurement with the CPU each process spent per call: Kurz's services, the gateway's. */
type MeasuredCalls = CallStats & { serverCpuMsPerCall: number; gatewayCpuMsPerCall: number };

/** Rounds as one measurement: pooled latencies, CPU per call weighted by the rounds' calls. */
function poolMeasured(rounds: readonly MeasuredCalls[]): MeasuredCalls {
  const calls = rounds.reduce((sum, round) => sum + round.calls + round.errors, 0);
  const perCall = (pick: (round: MeasuredCalls) => number) =>
    rounds.reduce((sum, round) => sum + pick(round) * (round.calls + round.errors), 0) / calls;
  return {
    ...poolCallStats(rounds),
    serverCpuMsPerCall: perCall((round) => round.serverCpuMsPerCall),
    gatewayCpuMsPerCall: perCall((round) => round.gatewayCpuMsPerCall),
  };
}

function line(label: string, stats: MeasuredCalls): string {
  const errors = stats.errors > 0 ? `  (${stats.errors} errors)` : "";
  return `${label.padEnd(48)} ${String(stats.calls).padStart(5)} calls  p50 ${stats.p50Ms.toFixed(2).padStart(6)} ms  p99 ${stats.p99Ms.toFixed(2).padStart(6)} ms  ${stats.perSecond.toFixed(0).padStart(5)}/s  CPU/call: services ${stats.serverCpuMsPerCall.toFixed(2)} ms, gateway ${stats.gatewayCpuMsPerCall.toFixed(2)} ms${errors}`;
}

const print = (text: string) => process.stdout.write(`${text}\n`);

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-mcp-bench-"));
  const port = await freePort();
  const edgeUrl = `http://localhost:${port}`;
  const gatewaySecret = randomBytes(32).toString("base64url");
  const kurz = await startEmbedded({
    ports: "ephemeral",
    env: {
      ...process.env,
      LOG_LEVEL: "fatal",
      DATA_DIR: dataDir,
      EDGE_PORT: String(port),
      PUBLIC_BASE_URL: edgeUrl,
      SHORT_HOST: `localhost:${port}`,
      // The bench acts as the gateway on the direct path: the same service credential.
      MCP_GATEWAY_CLIENT_SECRET: gatewaySecret,
    },
  });
  try {
    const enterprise = (email: string) =>
      setPlanAsOperator({
        dataDir,
        authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
        email,
        plan: "enterprise",
      });
    // An Enterprise account with an MCP key and one link (alias `alias`).
    const newAccount = async (alias: string): Promise<BenchAccount> => {
      const user = await signInWithOAuth(edgeUrl, "shorturl:read shorturl:create account:write", {
        afterSignUp: enterprise,
      });
      const key = await createMcpKey(edgeUrl, user.accessToken, ["mcp", "shorturl:read"]);
      const created = await fetch(`${edgeUrl}/api/v1/urls`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://example.com/bench", customAlias: alias }),
      });
      if (created.status !== 201) throw new Error(`creating the link answered ${created.status}`);
      return { key, shortCode: alias };
    };
    // Warm-up (the gateway's code compiled hot), one session alone, all sessions at once.
    const warm = await newAccount("mcp-bench-warm");
    const warmModern = await newAccount("mcp-bench-warm-modern");
    const alone = await newAccount("mcp-bench-alone");
    const loaded = await newAccount("mcp-bench-loaded");
    const loadedModern = await newAccount("mcp-bench-loaded-modern");
    const pacedAccounts: BenchAccount[] = [];
    for (let round = 0; round < PACED_ROUNDS; round++) {
      pacedAccounts.push(await newAccount(`mcp-bench-paced-${round}`));
    }

    // The gateway as deployed: its own process (pod), calling the embedded services over gRPC.
    const addresses = Object.fromEntries(
      SERVICE_NAMES.map((name) => [serviceVariable(name, "GRPC_ADDR"), kurz.services[name].grpcAddress]),
    );
    const gateway = await startGatewayProcess({
      ...process.env,
      ...addresses,
      LOG_LEVEL: "fatal",
      HTTP_PORT: "0",
      GRPC_PORT: "0",
      PUBLIC_BASE_URL: edgeUrl,
      AUTH_SERVER_HTTP_URL: kurz.services["auth-server"].httpUrl,
      SERVICE_CLIENT_SECRET: gatewaySecret,
    });
    const client = await startBenchClient({
      gatewayUrl: gateway.url,
      linkApiGrpcAddress: kurz.services["link-api"].grpcAddress,
      authServerHttpUrl: kurz.services["auth-server"].httpUrl,
      gatewaySecret,
    });
    try {
      const measure = async (
        kind: "direct" | "gateway",
        account: BenchAccount,
        sessions: number,
        calls: number,
        revision: BenchRevision = "2025-06-18",
        paceMs?: number,
      ) => {
        if (kind === "gateway") await client.send({ kind: "open", account, sessions, revision });
        const cpuBefore = process.cpuUsage();
        const gatewayCpuBefore = await gateway.cpuMs();
        const stats = (await client.send({ kind, account, sessions, calls, paceMs })) as CallStats;
        const cpu = process.cpuUsage(cpuBefore);
        const gatewayCpuMs = (await gateway.cpuMs()) - gatewayCpuBefore;
        const perCall = (ms: number) => ms / (stats.calls + stats.errors);
        return {
          ...stats,
          serverCpuMsPerCall: perCall((cpu.user + cpu.system) / 1000),
          gatewayCpuMsPerCall: perCall(gatewayCpuMs),
        };
      };
      await measure("direct", warm, SESSIONS, WARM_UP_CALLS);
      await measure("gateway", warm, SESSIONS, WARM_UP_CALLS);
      await measure("gateway", warmModern, SESSIONS, WARM_UP_CALLS, "2026-07-28");
      // One session alone: the latency the gateway adds to a call; then all of them at once.
      const directAlone = await measure("direct", alone, 1, CALLS);
      const gatewayAlone = await measure("gateway", alone, 1, CALLS);
      const directStats = await measure("direct", loaded, SESSIONS, CALLS);
      const gatewayStats = await measure("gateway", loaded, SESSIONS, CALLS);
      const modernStats = await measure("gateway", loadedModern, SESSIONS, CALLS, "2026-07-28");
      // Paced, in alternating rounds: a slow moment of the machine (another process's burst, a
      // collection) falls on both paths alike, and the rounds' latencies are pooled.
      const directRounds: MeasuredCalls[] = [];
      const gatewayRounds: MeasuredCalls[] = [];
      for (const account of pacedAccounts) {
        directRounds.push(await measure("direct", account, SESSIONS, CALLS, "2025-06-18", PACE_MS));
        gatewayRounds.push(await measure("gateway", account, SESSIONS, CALLS, "2025-06-18", PACE_MS));
      }
      const directPaced = poolMeasured(directRounds);
      const gatewayPaced = poolMeasured(gatewayRounds);

      const compare = (gateway: MeasuredCalls, baseline: MeasuredCalls) =>
        `gateway / direct: p50 ${(gateway.p50Ms / baseline.p50Ms).toFixed(2)}×, p99 ${(gateway.p99Ms / baseline.p99Ms).toFixed(2)}×, rate ${(gateway.perSecond / baseline.perSecond).toFixed(2)}×; the gateway adds ${(gateway.p50Ms - baseline.p50Ms).toFixed(2)} ms at p50`;
      print(
        `MCP gateway overhead (${new Date().toISOString()}); the client, the gateway and the other services each in their own process`,
      );
      print(line("1 session: LinkService.GetLink, direct gRPC", directAlone));
      print(line("1 session: tools/call getUrl, gateway", gatewayAlone));
      print(compare(gatewayAlone, directAlone));
      print(line(`${SESSIONS} sessions: LinkService.GetLink, direct gRPC`, directStats));
      print(line(`${SESSIONS} sessions: tools/call getUrl, gateway`, gatewayStats));
      print(`${compare(gatewayStats, directStats)} (target ≤ 2 ms)`);
      print(line(`${SESSIONS} sessions: tools/call getUrl, gateway, 2026-07-28`, modernStats));
      print(`${compare(modernStats, directStats)} (stateless: no session, a server per request)`);
      const pace = `${SESSIONS} sessions, a call every ${PACE_MS} ms each`;
      print(line(`${pace}: GetLink, direct`, directPaced));
      print(line(`${pace}: getUrl, gateway`, gatewayPaced));
      print(`${compare(gatewayPaced, directPaced)} (target ≤ 2 ms)`);
      const added = gatewayRounds.map((round, i) => (round.p50Ms - directRounds[i]!.p50Ms).toFixed(2));
      print(`  each round's addition at p50: ${added.map((ms) => `${ms} ms`).join(", ")}`);

      // Idle SSE sessions, from another Enterprise account (the first one's minute is spent).
      const idler = await signInWithOAuth(edgeUrl, "shorturl:read account:write", {
        afterSignUp: enterprise,
      });
      const idleKey = await createMcpKey(edgeUrl, idler.accessToken, ["mcp", "shorturl:read"]);
      const before = await gateway.memory();
      await client.send({ kind: "open-sse", key: idleKey, sessions: SSE_SESSIONS });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = await gateway.memory();
      print(
        `${SSE_SESSIONS} idle SSE sessions: gateway heap +${mib(after.heapUsed - before.heapUsed)} (${((after.heapUsed - before.heapUsed) / SSE_SESSIONS / 1024).toFixed(1)} KiB each), RSS +${mib(after.rss - before.rss)}`,
      );
    } finally {
      await client.stop();
      await gateway.stop();
    }
  } finally {
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
