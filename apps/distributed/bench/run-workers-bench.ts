/**
 * `make bench-workers`: the redirector as a pool of workers (REDIRECTOR_WORKERS=auto) against a
 * bare single-process Node `http` server answering 302 from a Map, and nginx's `return 302`, in
 * one run on this machine (docs/architecture.md#performance).
 *
 * Distributed Kurz starts (PostgreSQL, Redis, the mock Kafka cluster, each service its own
 * process) with the redirector's pool; a person signs in through the edge and an OAuth client
 * makes LINKS links; autocannon (its own process, 64 connections, every connection cycling through
 * the codes) then alternates rounds between the three servers, on the redirector's own port, so
 * background load hits each alike. The load generator shares the machine's cores with what it
 * measures. Last, every redirect's click must be counted: the workers' clicks all reach analytics.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import {
  freePort,
  LoadGenerator,
  type LoadResult,
  localEdgeEnv,
  median,
  signInWithBenchLinks,
  startBaselineServer,
  waitFor,
} from "@kurz/testing";
import { startDistributed } from "../src";
import { startNginx } from "./start-nginx";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/**
 * Short rounds, each followed by waiting until every click so far is counted: the consumers
 * draining a backlog would slow the next round's server, whichever it is. The mock Kafka cluster
 * keeps at most 5 MB per partition (librdkafka's mock drops older batches, read or not), so a
 * round's clicks can outrun it: the bench says so when it happened (more partitions spread the
 * clicks into batches too small for analytics-ingest to keep up).
 */
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const LINKS = Number(process.env.BENCH_LINKS ?? 12);
const WORKERS = process.env.BENCH_REDIRECTOR_WORKERS ?? "auto";
const DESTINATION = "https://example.com/landing?utm_source=bench";
const NGINX = "/usr/sbin/nginx";
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  referer: "https://news.example.org/post",
};

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-bench-workers-"));
  const edgePort = await freePort();
  const output: string[] = [];
  const cluster = await startDistributed({
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      KURZ_DATABASE_PREFIX: "kurz_bench_workers",
      REDIRECTOR_WORKERS: WORKERS,
      ...localEdgeEnv(edgePort),
    },
    ports: "ephemeral",
    output: (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
    },
  });
  const generator = new LoadGenerator();
  const closers: Array<() => Promise<void>> = [];
  try {
    const shortHost = `localhost:${edgePort}`;
    // The public base URL names localhost: the OAuth issuer must be reached by that name.
    const publicUrl = cluster.url.replace("127.0.0.1", "localhost");
    const { api, codes } = await signInWithBenchLinks(publicUrl, LINKS, DESTINATION);
    const paths = codes.map((code) => `/${code}`);
    const bare = await startBaselineServer(new Map(codes.map((code) => [code, DESTINATION])));
    closers.push(() => bare.close());
    // Debian's nginx (apt-get install nginx): without it the row is left out, said so.
    const nginx = existsSync(NGINX) ? await startNginx(DESTINATION, NGINX) : undefined;
    if (nginx) closers.push(() => nginx.close());
    else print(`nginx: ${NGINX} is not installed (apt-get install nginx): its row is left out`);
    const redirector = cluster.services.redirector.httpUrl;
    const targets = [
      { name: "bare Node http 302, one process", url: bare.url, headers: HEADERS },
      ...(nginx ? [{ name: "nginx return 302, a worker per core", url: nginx.url, headers: HEADERS }] : []),
      {
        name: `redirector, REDIRECTOR_WORKERS=${WORKERS}`,
        url: redirector,
        headers: { ...HEADERS, host: shortHost },
      },
    ];
    const pool = targets.at(-1)!;
    const run = (target: (typeof targets)[number]) =>
      generator.run(target.url, {
        paths,
        connections: CONNECTIONS,
        durationSeconds: ROUND_SECONDS,
        headers: target.headers,
      });
    // Every worker's clicks counted: each answered redirect once; a round's last requests in
    // flight reached the redirector without being in autocannon's count (allowed, not expected).
    let expected = 0;
    let answered = 0;
    let rounds = 0;
    let last = 0;
    let dropped = false;
    const drained = async () => {
      await waitFor(
        async () => {
          const overview = await api("GET", "/api/v1/analytics/account/overview");
          last = Number(overview.body.analytics?.counts?.clicks ?? 0);
          return last;
        },
        {
          until: (n) => n >= expected,
          timeoutMs: 60_000,
          intervalMs: 500,
          what: `${expected} clicks counted`,
        },
      ).catch(() => {
        // The mock broker dropped batches nobody had read yet (its 5 MB per partition): counted
        // what was kept; anything else is a real loss.
        dropped ||= output.some((line) => line.includes("Offset out of range"));
        if (!dropped) {
          throw new Error(`clicks not counted: last ${last} of ${expected}\n${output.slice(-30).join("\n")}`);
        }
        expected = last;
      });
    };
    const runRedirector = async () => {
      const result = await run(pool);
      if (result.non2xx3xx + result.errors > 0) {
        throw new Error(`${result.non2xx3xx + result.errors} redirects from the redirector failed`);
      }
      expected += result.requests;
      answered += result.requests;
      rounds += 1;
      await drained();
      return result;
    };
    // Warm-up: JIT, every worker's first lookups, connection pools.
    await runRedirector();
    for (const target of targets.slice(0, 2)) await run(target);

    const results: LoadResult[][] = targets.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const [i, target] of targets.entries()) {
        const result = target === pool ? await runRedirector() : await run(target);
        results[i]!.push(result);
        line.push(`${Math.round(result.requestsPerSecond)}/s`);
      }
      print(`round ${round}: ${line.join(" | ")}`);
    }
    const summaries = results.map((rounds) => ({
      rps: median(rounds.map((r) => r.requestsPerSecond)),
      p50: median(rounds.map((r) => r.p50Ms)),
      p99: median(rounds.map((r) => r.p99Ms)),
    }));
    const bareRps = summaries[0]!.rps;
    const poolRps = summaries[targets.indexOf(pool)]!.rps;
    print("");
    print(
      `| ${new Date().toISOString().slice(0, 16)}Z, nproc ${execFileSync("nproc").toString().trim()} (workers: ${availableParallelism()}), ${CONNECTIONS} connections, ${ROUNDS} × ${ROUND_SECONDS} s rounds | requests/s | p50 ms | p99 ms | × bare |`,
    );
    print("| --- | --- | --- | --- | --- |");
    for (const [i, target] of targets.entries()) {
      const s = summaries[i]!;
      print(
        `| ${target.name} | ${Math.round(s.rps)} | ${s.p50} | ${s.p99} | ${(s.rps / bareRps).toFixed(2)} |`,
      );
    }
    print(
      `redirector pool vs bare single process: ${(poolRps / bareRps).toFixed(2)} × (target ≥ 1.4)${nginx ? `; vs nginx: ${(poolRps / summaries[1]!.rps).toFixed(2)} ×` : ""}`,
    );

    const atMost = answered + rounds * CONNECTIONS;
    print(
      `clicks flowing: ${last} counted for ${answered} answered redirects (up to ${atMost - answered} more cut at rounds' ends), every round's counted before the next${dropped ? `; the mock broker dropped ${answered - last} unread clicks (its 5 MB per partition): not a loss a real broker makes` : ""}`,
    );
    if (last > atMost) process.exitCode = 1;
  } finally {
    generator.close();
    for (const close of closers.reverse()) await close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
