/**
 * `make bench-start`: redirects through `make start`'s public port, measured from outside as a
 * user's load would be, against a bare Node `http` server answering 302 from a Map in the same
 * run (docs/architecture.md#performance).
 *
 * The embedded bundle (what `make start` runs) starts in a process of its own with an empty data
 * directory; a person signs up through the pages and an OAuth client creates LINKS links over REST;
 * autocannon (its own process, 64 connections, every connection cycling through the codes) then
 * alternates rounds between the bare server and the edge, so background load hits both alike.
 * Printed per target: requests/s, p50 and p99, and CPU per request — the process's own CPU time
 * over the round (Kurz: every thread of the embedded process; bare: this process, which serves
 * nothing else while autocannon runs in its own) divided by the requests answered. The CPU ratio
 * isolates the code's cost from how many cores the machine lends each side. Last, every redirect's
 * click must be counted: the account's click total must reach the 3xx answers sent.
 */

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  LoadGenerator,
  type LoadResult,
  median,
  signInWithBenchLinks,
  startBaselineServer,
  waitFor,
} from "@kurz/testing";
import { VISIT_HEADERS as HEADERS, startKurzProcess, visit } from "./start-kurz-process";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const LINKS = Number(process.env.BENCH_LINKS ?? 12);
const DESTINATION = "https://example.com/landing?utm_source=bench";
const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** CPU time (user + system, every thread) of a process so far, in microseconds. */
function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1e6;
}

function ownCpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

interface Round {
  load: LoadResult;
  cpuMicrosPerRequest: number;
}

async function measure(
  generator: LoadGenerator,
  origin: string,
  paths: readonly string[],
  cpu: () => number,
  host?: string,
): Promise<Round> {
  const before = cpu();
  const load = await generator.run(origin, {
    paths,
    connections: CONNECTIONS,
    durationSeconds: ROUND_SECONDS,
    headers: host === undefined ? HEADERS : { ...HEADERS, host },
  });
  return { load, cpuMicrosPerRequest: (cpu() - before) / Math.max(1, load.requests) };
}

function summary(rounds: Round[]) {
  return {
    rps: median(rounds.map((r) => r.load.requestsPerSecond)),
    p50: median(rounds.map((r) => r.load.p50Ms)),
    p99: median(rounds.map((r) => r.load.p99Ms)),
    cpu: median(rounds.map((r) => r.cpuMicrosPerRequest)),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-bench-start-"));
  const kurz = await startKurzProcess({ dataDir });
  const generator = new LoadGenerator();
  let baseline: Awaited<ReturnType<typeof startBaselineServer>> | undefined;
  try {
    print(`bench-start: make start's bundle is up at ${kurz.url} (pid ${kurz.child.pid})`);
    const { user, codes } = await signInWithBenchLinks(kurz.url, LINKS, DESTINATION);
    const paths = codes.map((code) => `/${code}`);
    baseline = await startBaselineServer(new Map(codes.map((code) => [code, DESTINATION])));

    for (const code of codes) {
      const answer = await visit(kurz.loadOrigin, `/${code}`, kurz.shortHost);
      if (answer.status < 300 || answer.status > 399) {
        throw new Error(`GET /${code} on ${kurz.shortHost}: ${answer.status} ${answer.body}`);
      }
    }
    const pid = kurz.child.pid!;
    const kurzCpu = () => processCpuMicros(pid);
    // Warm-up: the links' first lookups, JIT, connection pools.
    const warmUp = await measure(generator, kurz.loadOrigin, paths, kurzCpu, kurz.shortHost);
    await measure(generator, baseline.url, paths, ownCpuMicros);

    const bare: Round[] = [];
    const start: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      bare.push(await measure(generator, baseline.url, paths, ownCpuMicros));
      start.push(await measure(generator, kurz.loadOrigin, paths, kurzCpu, kurz.shortHost));
      const b = bare.at(-1)!.load;
      const k = start.at(-1)!.load;
      print(
        `round ${round}: bare ${Math.round(b.requestsPerSecond)}/s, make start ${Math.round(k.requestsPerSecond)}/s (${(k.requestsPerSecond / b.requestsPerSecond).toFixed(2)} x), errors ${k.errors}, non-3xx ${k.non2xx3xx}`,
      );
    }
    const sb = summary(bare);
    const ss = summary(start);
    print("");
    print(
      `| ${new Date().toISOString().slice(0, 16)}Z, nproc ${execFileSync("nproc").toString().trim()}, ${CONNECTIONS} connections, ${ROUNDS} × ${ROUND_SECONDS} s rounds | requests/s | p50 ms | p99 ms | CPU µs per request |`,
    );
    print("| --- | --- | --- | --- | --- |");
    print(`| bare Node http 302 | ${Math.round(sb.rps)} | ${sb.p50} | ${sb.p99} | ${sb.cpu.toFixed(0)} |`);
    print(
      `| make start, public port | ${Math.round(ss.rps)} | ${ss.p50} | ${ss.p99} | ${ss.cpu.toFixed(0)} |`,
    );
    print(
      `| ratio (target ≥ 0.5 × throughput, p99 ≤ 20 ms) | ${(ss.rps / sb.rps).toFixed(2)} × | | | ${(ss.cpu / sb.cpu).toFixed(1)} × |`,
    );

    // Every redirect's click counted, exactly once: the 3xx answers of every round against Kurz
    // (the warm-up's included) and the first visit to each link. A round ends with up to one
    // request per connection in flight, which reached Kurz but is not in autocannon's count:
    // those widen what may be counted, they are never expected.
    const rounds = [warmUp, ...start];
    const failed = rounds.reduce((sum, r) => sum + r.load.non2xx3xx + r.load.errors, 0);
    if (failed > 0) throw new Error(`${failed} redirects through make start failed`);
    const expected = codes.length + rounds.reduce((sum, r) => sum + r.load.requests, 0);
    const atMost = expected + rounds.length * CONNECTIONS;
    let lastCount: number | undefined;
    const counted = await waitFor(
      async () => {
        const response = await fetch(`${kurz.url}/api/v1/analytics/account/overview`, {
          headers: { authorization: `Bearer ${user.accessToken}` },
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await response.json()) as { analytics?: { counts?: { clicks?: number } } };
        lastCount = Number(body.analytics?.counts?.clicks ?? 0);
        return lastCount;
      },
      {
        until: (n) => n >= expected,
        timeoutMs: 300_000,
        intervalMs: 5_000,
        what: `${expected} clicks counted`,
      },
    ).catch((error: unknown) => {
      throw new Error(
        `clicks not counted: last count ${lastCount} of ${expected}\n--- make start's last output ---\n${kurz.output.slice(-30).join("\n")}`,
        { cause: error },
      );
    });
    const exact = counted <= atMost;
    print(
      `clicks flowing: ${counted} counted for ${expected} answered redirects and up to ${atMost - expected} cut at rounds' ends${exact ? "" : " — MORE than were made"}`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    generator.close();
    await baseline?.close();
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
