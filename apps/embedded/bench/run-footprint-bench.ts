/**
 * `make bench-footprint`: how much memory `make start` holds, measured from outside.
 *
 * The embedded bundle (what `make start` runs) starts in a process of its own on an empty data
 * directory and is stopped with Ctrl-C; then it starts again on that data (a warm start, timed to
 * a healthy /.kurz/health). Its process tree's resident memory (VmRSS of each process, summed) is
 * read after the start, sampled during a scripted walk (run-footprint-walk.ts: sign-up, links,
 * redirects, every analytics report, an MCP session, a webhook delivery) and read again once the
 * walk settled. A breakdown follows: each WebAssembly memory (one per PGlite), libchdb's mapped
 * file, other files and other anonymous memory (from /proc/<pid>/smaps), and V8's own view
 * (report-memory.mjs, preloaded into the process, answers SIGUSR2).
 *
 * Timings depend on what else runs on the machine; memory barely does.
 */

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitFor } from "@kurz/testing";
import {
  megabytes,
  peakRss,
  type ResidentBreakdown,
  residentBreakdown,
  sampleTreePeak,
  treeRss,
} from "./process-tree-memory";
import { runFootprintWalk } from "./run-footprint-walk";
import { type KurzProcess, startKurzProcess } from "./start-kurz-process";

const LINKS = Number(process.env.BENCH_LINKS ?? 100);
const REDIRECTS = Number(process.env.BENCH_REDIRECTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** How long the process is left alone before a reading "after": timers, flushes, GC. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5_000);
const MB = 1024 * 1024;
const TARGET = { afterWalk: 600 * MB, peak: 900 * MB, warmStartMs: 5_000 };
const REPORT_MEMORY = fileURLToPath(new URL("./report-memory.mjs", import.meta.url));

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

const settle = (ms = SETTLE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts make start's bundle and times it to a healthy /.kurz/health. */
async function startTimed(
  dataDir: string,
  port: number,
  reportFile: string,
): Promise<{ kurz: KurzProcess; ms: number }> {
  const started = performance.now();
  const kurz = await startKurzProcess({
    dataDir,
    port,
    nodeArgs: ["--import", REPORT_MEMORY],
    env: {
      KURZ_BENCH_MEMORY_REPORT: reportFile,
      // The walk's webhook receiver listens on loopback.
      WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
      // The walk's plan change is seen at once.
      PLAN_CACHE_TTL_MS: "200",
    },
  });
  await waitFor(
    async () => (await fetch(`${kurz.url}/.kurz/health`, { signal: AbortSignal.timeout(10_000) })).status,
    {
      until: (status) => status === 200,
      what: "a healthy /.kurz/health",
      timeoutMs: 120_000,
      intervalMs: 50,
    },
  );
  return { kurz, ms: performance.now() - started };
}

interface V8Report {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
}

/** The process's own view of its memory, asked for with SIGUSR2. */
async function v8Report(kurz: KurzProcess, file: string): Promise<V8Report> {
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  kurz.child.kill("SIGUSR2");
  await waitFor(() => existsSync(file) && statSync(file).mtimeMs > before, {
    what: "the process's memory report",
    timeoutMs: 10_000,
  });
  return JSON.parse(readFileSync(file, "utf8")) as V8Report;
}

interface Breakdown {
  resident: ResidentBreakdown;
  v8: V8Report;
}

/** Where the resident memory lies, after the start and after the walk, as a table. */
function printBreakdown(start: Breakdown, walk: Breakdown): void {
  const row = (what: string, of: (b: Breakdown) => string) =>
    print(`| ${what} | ${of(start)} | ${of(walk)} |`);
  const pglite = (b: Breakdown) => b.resident.wasm.filter((bytes) => bytes >= 8 * MB);
  print("| where the resident memory lies | after the warm start | after the walk |");
  print("| --- | --- | --- |");
  row(
    "WebAssembly memories ≥ 8 MB (one per PGlite)",
    (b) => `${megabytes(sum(pglite(b)))}: ${pglite(b).map(megabytes).join(", ")}`,
  );
  row("libchdb.so, mapped file", (b) => megabytes(b.resident.chdbFile));
  row("other mapped files (node, libraries)", (b) => megabytes(b.resident.otherFiles));
  row("other anonymous memory (V8 heap, malloc incl. chDB's, stacks)", (b) =>
    megabytes(b.resident.otherAnonymous),
  );
  row("  V8 heap: used / total", (b) => `${megabytes(b.v8.heapUsed)} / ${megabytes(b.v8.heapTotal)}`);
  row("  array buffers outside the WASM memories", (b) => megabytes(b.v8.arrayBuffers));
  row(
    "  the rest: malloc (chDB's included), code, stacks",
    (b) => `~${megabytes(Math.max(0, b.resident.otherAnonymous - b.v8.heapTotal - b.v8.arrayBuffers))}`,
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function verdict(value: number, target: number): string {
  return value <= target ? "met" : "NOT met";
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-bench-footprint-"));
  const reportFile = path.join(dataDir, "memory-report.json");
  const port = await freePort();
  let kurz: KurzProcess | undefined;
  try {
    const first = await startTimed(dataDir, port, reportFile);
    const firstRss = treeRss(first.kurz.child.pid!);
    print(`first start (empty data): ${(first.ms / 1000).toFixed(1)} s, ${megabytes(firstRss)} RSS`);
    await first.kurz.stop();

    const warm = await startTimed(dataDir, port, reportFile);
    kurz = warm.kurz;
    const pid = kurz.child.pid!;
    await settle();
    const afterStart = treeRss(pid);
    const startParts = { resident: residentBreakdown(pid), v8: await v8Report(kurz, reportFile) };
    print(
      `warm start: ${(warm.ms / 1000).toFixed(1)} s to a healthy /.kurz/health, ${megabytes(afterStart)} RSS`,
    );

    const sampler = sampleTreePeak(pid);
    const walkStarted = performance.now();
    await runFootprintWalk(kurz, {
      links: LINKS,
      redirects: REDIRECTS,
      concurrency: CONCURRENCY,
      dataDir,
      print,
    });
    const peak = sampler.stop();
    print(`walk: ${((performance.now() - walkStarted) / 1000).toFixed(1)} s`);
    await settle();
    const afterWalk = treeRss(pid);
    const highWater = peakRss(pid);
    const walkParts = { resident: residentBreakdown(pid), v8: await v8Report(kurz, reportFile) };

    const nproc = execFileSync("nproc").toString().trim();
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    print("");
    print(
      `| ${new Date().toISOString().slice(0, 16)}Z, nproc ${nproc}, load ${load} | measured | target | |`,
    );
    print("| --- | --- | --- | --- |");
    print(
      `| warm start to a healthy /.kurz/health | ${(warm.ms / 1000).toFixed(1)} s | ${TARGET.warmStartMs / 1000} s | ${verdict(warm.ms, TARGET.warmStartMs)} |`,
    );
    print(`| RSS after the warm start | ${megabytes(afterStart)} | | |`);
    print(
      `| RSS after the walk | ${megabytes(afterWalk)} | ${megabytes(TARGET.afterWalk)} | ${verdict(afterWalk, TARGET.afterWalk)} |`,
    );
    print(
      `| peak RSS during the walk (sampled every 200 ms) | ${megabytes(peak)} | ${megabytes(TARGET.peak)} | ${verdict(peak, TARGET.peak)} |`,
    );
    print(
      `| peak RSS since the warm start (VmHWM) | ${megabytes(highWater)} | ${megabytes(TARGET.peak)} | ${verdict(highWater, TARGET.peak)} |`,
    );
    print("");
    printBreakdown(startParts, walkParts);
  } finally {
    await kurz?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
