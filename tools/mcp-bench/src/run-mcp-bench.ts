/**
 * What the MCP gateway costs, measured in one run on this machine:
 *
 * 1. `tools/call getUrl` through the gateway (one Streamable HTTP session per loop, to the
 *    gateway's own port) against the same `LinkService.GetLink` made directly over gRPC with the
 *    same credential (the API key, exchanged at auth-server, as the gateway does), and through a
 *    bare HTTP → gRPC hop (bare-proxy-process.ts: the least any extra hop costs here): p50/p99 of
 *    each, the milliseconds the gateway and the bare hop add at p50 (target for the gateway: ≤ 2 ms
 *    with 16 concurrent sessions) and the CPU each process spends per call. One session alone;
 *    16 sessions back to back (the machine saturated) and 16 sessions each calling every
 *    BENCH_PACE_MS (an agent's pace between model turns), both in alternating rounds; the
 *    16 loops as 2026-07-28 stateless requests (no session: the revision's `_meta` envelope and
 *    headers on each).
 * 2. The memory of idle SSE sessions (`GET /mcp/sse`): the gateway process's heap and RSS growth
 *    per session.
 *
 * Four processes, as deployed: the embedded Kurz here (every service the gateway calls), the
 * gateway (gateway-process.ts, its own pod in production), the bare hop, and the calls' client
 * (bench-client.ts), so that each one's CPU per call can be told apart.
 *
 *   pnpm --filter @kurz/mcp-bench bench      (make bench-mcp)
 *
 * BENCH_SESSIONS (default 16) concurrent sessions, BENCH_CALLS (default 25) calls per session
 * and round, BENCH_ROUNDS (default 8) rounds, BENCH_PACE_MS (default 100), BENCH_SSE_SESSIONS (default 1000)
 * idle streams. Each phase (each round) calls as its own Enterprise account, whose 1,200 MCP
 * requests a minute bound its calls.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbedded } from "@kurz/embedded";
import { SERVICE_NAMES, serviceVariable } from "@kurz/routes";
import { createMcpKey, freePort, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import type { BenchAccount, Via } from "./bench-protocol";
import { type CallStats, poolCallStats } from "./measure-calls";
import type { BenchRevision } from "./open-mcp-session";
import { startBenchClient } from "./start-bench-client";
import { type ServerProcess, startServerProcess } from "./start-server-process";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 16);
const CALLS = Number(process.env.BENCH_CALLS ?? 25);
const SSE_SESSIONS = Number(process.env.BENCH_SSE_SESSIONS ?? 1000);
/** The paced phase: each session calls once every this many milliseconds. */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 100);
/** Rounds of the 16-session phases, each round calling through every path. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

/** The ways a call goes: straight to link-api over gRPC, or over HTTP through a hop. */
type Path = "direct" | Via;
const PATHS: readonly Path[] = ["direct", "bare", "gateway"];
const PATH_NAMES: Record<Path, string> = {
  direct: "LinkService.GetLink, direct gRPC",
  bare: "getUrl, bare HTTP → gRPC hop",
  gateway: "tools/call getUrl, gateway",
};
/** Calls per session before measuring (the first account's): the gateway's code compiled hot. */
const WARM_UP_CALLS = 40;

/** A measurement with the CPU each process spent per call: Kurz's services, the hop's (if any). */
type MeasuredCalls = CallStats & { serverCpuMsPerCall: number; hopCpuMsPerCall: number };

/** Rounds as one measurement: pooled latencies, CPU per call weighted by the rounds' calls. */
function poolMeasured(rounds: readonly MeasuredCalls[]): MeasuredCalls {
  const calls = rounds.reduce((sum, round) => sum + round.calls + round.errors, 0);
  const perCall = (pick: (round: MeasuredCalls) => number) =>
    rounds.reduce((sum, round) => sum + pick(round) * (round.calls + round.errors), 0) / calls;
  return {
    ...poolCallStats(rounds),
    serverCpuMsPerCall: perCall((round) => round.serverCpuMsPerCall),
    hopCpuMsPerCall: perCall((round) => round.hopCpuMsPerCall),
  };
}

function line(label: string, stats: MeasuredCalls): string {
  const errors = stats.errors > 0 ? `  (${stats.errors} errors)` : "";
  return `${label.padEnd(48)} ${String(stats.calls).padStart(5)} calls  p50 ${stats.p50Ms.toFixed(2).padStart(6)} ms  p99 ${stats.p99Ms.toFixed(2).padStart(6)} ms  ${stats.perSecond.toFixed(0).padStart(5)}/s  CPU/call: services ${stats.serverCpuMsPerCall.toFixed(2)} ms, hop ${stats.hopCpuMsPerCall.toFixed(2)} ms${errors}`;
}

const print = (text: string) => process.stdout.write(`${text}\n`);

/**
 * A phase's three paths (rounds pooled), the milliseconds the gateway and the bare hop add at p50
 * over the direct call, and, with rounds, each round's addition.
 */
function printPhase(phase: string, rounds: Record<Path, MeasuredCalls[]>, target: boolean): void {
  const pooled = {
    direct: poolMeasured(rounds.direct),
    bare: poolMeasured(rounds.bare),
    gateway: poolMeasured(rounds.gateway),
  };
  for (const path of PATHS) print(line(`${phase}: ${PATH_NAMES[path]}`, pooled[path]));
  const adds = (path: Via) => (pooled[path].p50Ms - pooled.direct.p50Ms).toFixed(2);
  const ratio = (pick: (stats: MeasuredCalls) => number) =>
    (pick(pooled.gateway) / pick(pooled.direct)).toFixed(2);
  print(
    `  the gateway adds ${adds("gateway")} ms at p50${target ? " (target ≤ 2 ms)" : ""}, the bare hop ${adds("bare")} ms; gateway / direct: p50 ${ratio((s) => s.p50Ms)}×, p99 ${ratio((s) => s.p99Ms)}×, rate ${ratio((s) => s.perSecond)}×`,
  );
  if (rounds.direct.length > 1) {
    const additions = (path: Via) => rounds[path].map((round, i) => round.p50Ms - rounds.direct[i]!.p50Ms);
    const each = (path: Via) => {
      const sorted = additions(path).sort((a, b) => a - b);
      const median =
        (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
      return `${additions(path)
        .map((ms) => ms.toFixed(2))
        .join(", ")} (median ${median.toFixed(2)})`;
    };
    print(`  each round's addition at p50 (ms): gateway ${each("gateway")}; bare hop ${each("bare")}`);
  }
}

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
    // Warm-up (each server's code compiled hot), one session alone, all sessions at once.
    const warm = await newAccount("mcp-bench-warm");
    const warmModern = await newAccount("mcp-bench-warm-modern");
    const alone = await newAccount("mcp-bench-alone");
    const loadedModern = await newAccount("mcp-bench-loaded-modern");
    const roundAccounts = async (phase: string) => {
      const accounts: BenchAccount[] = [];
      for (let round = 0; round < ROUNDS; round++)
        accounts.push(await newAccount(`mcp-bench-${phase}-${round}`));
      return accounts;
    };
    const loadedAccounts = await roundAccounts("loaded");
    const pacedAccounts = await roundAccounts("paced");

    // The gateway as deployed: its own process (pod), calling the embedded services over gRPC;
    // beside it the bare HTTP → gRPC hop, the floor to read the gateway's cost against.
    const addresses = Object.fromEntries(
      SERVICE_NAMES.map((name) => [serviceVariable(name, "GRPC_ADDR"), kurz.services[name].grpcAddress]),
    );
    const serverEnv = {
      ...process.env,
      ...addresses,
      LOG_LEVEL: "fatal",
      HTTP_PORT: "0",
      GRPC_PORT: "0",
      PUBLIC_BASE_URL: edgeUrl,
      AUTH_SERVER_HTTP_URL: kurz.services["auth-server"].httpUrl,
      SERVICE_CLIENT_SECRET: gatewaySecret,
      // The idle SSE sessions are one account's: room for all of them.
      MCP_MAX_SESSIONS_PER_ACCOUNT: String(Math.max(100, SSE_SESSIONS)),
    };
    const servers: Record<Via, ServerProcess> = {
      gateway: await startServerProcess("./gateway-process.ts", serverEnv),
      bare: await startServerProcess("./bare-proxy-process.ts", serverEnv),
    };
    const client = await startBenchClient({
      urls: { gateway: servers.gateway.url, bare: servers.bare.url },
      linkApiGrpcAddress: kurz.services["link-api"].grpcAddress,
      authServerHttpUrl: kurz.services["auth-server"].httpUrl,
      gatewaySecret,
    });
    try {
      const measure = async (
        path: Path,
        account: BenchAccount,
        sessions: number,
        calls: number,
        options: { revision?: BenchRevision; paceMs?: number } = {},
      ): Promise<MeasuredCalls> => {
        const via = path === "direct" ? undefined : path;
        const revision = options.revision ?? "2025-06-18";
        if (via !== undefined) await client.send({ kind: "open", via, account, sessions, revision });
        const cpuBefore = process.cpuUsage();
        const hopCpuBefore = via === undefined ? 0 : await servers[via].cpuMs();
        const paceMs = options.paceMs;
        const stats = (await client.send(
          via === undefined
            ? { kind: "direct", account, sessions, calls, paceMs }
            : { kind: "mcp", via, account, sessions, calls, paceMs },
        )) as CallStats;
        const cpu = process.cpuUsage(cpuBefore);
        const hopCpuMs = via === undefined ? 0 : (await servers[via].cpuMs()) - hopCpuBefore;
        const perCall = (ms: number) => ms / (stats.calls + stats.errors);
        return {
          ...stats,
          serverCpuMsPerCall: perCall((cpu.user + cpu.system) / 1000),
          hopCpuMsPerCall: perCall(hopCpuMs),
        };
      };
      /**
       * The three paths in alternating rounds, each round as its own account: a slow moment of the
       * machine (another process's burst, a collection) falls on every path alike; the rounds'
       * latencies are pooled.
       */
      const inRounds = async (accounts: readonly BenchAccount[], sessions: number, paceMs?: number) => {
        const rounds: Record<Path, MeasuredCalls[]> = { direct: [], bare: [], gateway: [] };
        for (const [round, account] of accounts.entries()) {
          // Each round starts with another path: none always follows the same one.
          const order = PATHS.map((_, i) => PATHS[(i + round) % PATHS.length]!);
          for (const path of order)
            rounds[path].push(await measure(path, account, sessions, CALLS, { paceMs }));
        }
        return rounds;
      };
      for (const path of PATHS) await measure(path, warm, SESSIONS, WARM_UP_CALLS);
      await measure("gateway", warmModern, SESSIONS, WARM_UP_CALLS, { revision: "2026-07-28" });
      // One session's rounds fit in one account's minute (ROUNDS × CALLS calls).
      const aloneStats = await inRounds(Array<BenchAccount>(ROUNDS).fill(alone), 1);
      const loaded = await inRounds(loadedAccounts, SESSIONS);
      const modern = await measure("gateway", loadedModern, SESSIONS, CALLS * 2, {
        revision: "2026-07-28",
      });
      const paced = await inRounds(pacedAccounts, SESSIONS, PACE_MS);

      print(
        `MCP gateway overhead (${new Date().toISOString()}); the client, the gateway, the bare hop and the other services each in their own process`,
      );
      printPhase(`1 session, ${ROUNDS} rounds`, aloneStats, false);
      printPhase(`${SESSIONS} sessions back to back, ${ROUNDS} rounds`, loaded, true);
      print(line(`${SESSIONS} sessions: gateway, 2026-07-28`, modern));
      print(
        `  2026-07-28 adds ${(modern.p50Ms - poolMeasured(loaded.direct).p50Ms).toFixed(2)} ms at p50 over direct (stateless: no session, a server per request)`,
      );
      printPhase(`${SESSIONS} sessions, a call every ${PACE_MS} ms each, ${ROUNDS} rounds`, paced, true);

      // Idle SSE sessions, from another Enterprise account (the first one's minute is spent).
      const idler = await signInWithOAuth(edgeUrl, "shorturl:read account:write", {
        afterSignUp: enterprise,
      });
      const idleKey = await createMcpKey(edgeUrl, idler.accessToken, ["mcp", "shorturl:read"]);
      const before = await servers.gateway.memory();
      await client.send({ kind: "open-sse", key: idleKey, sessions: SSE_SESSIONS });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = await servers.gateway.memory();
      print(
        `${SSE_SESSIONS} idle SSE sessions: gateway heap +${mib(after.heapUsed - before.heapUsed)} (${((after.heapUsed - before.heapUsed) / SSE_SESSIONS / 1024).toFixed(1)} KiB each), RSS +${mib(after.rss - before.rss)}`,
      );
    } finally {
      await client.stop();
      await servers.gateway.stop();
      await servers.bare.stop();
    }
  } finally {
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
