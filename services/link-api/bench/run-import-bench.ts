/**
 * The import half of `make bench-bulk`: a generated Bitly CSV export (BENCH_IMPORT_ROWS rows,
 * default 100,000: unique codes, long URLs, titles, tags, creation dates) uploaded to
 * `POST /api/v1/imports` as multipart and run by the started import worker until the import is
 * finished, on PostgreSQL; then the baseline: the same file streamed through csv-parse and written
 * by hand-written multi-row INSERTs of 500 rows, each its own transaction (no validation, no
 * aliases checked, no events, no progress). link-api, its worker and its outbox relay run in a child
 * process (serve-link-api-for-bench.ts), whose peak RSS growth during the import is sampled every
 * 50 ms from /proc; the baseline's is this process's. A scratch database, dropped afterwards.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, openAsBlob, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createDatabase } from "@kurz/relational";
import { createTestDatabase, postgresBackend, waitFor } from "@kurz/testing";
import { parse } from "csv-parse";
import { sql } from "drizzle-orm";
import * as schema from "../src/db/schema";

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TARGET_ROWS_PER_SECOND = 1_000;
const TARGET_RSS_GROWTH_MB = 100;
/** How long the import may take before the bench fails (at 1,000 rows/s it takes 100 s). */
const IMPORT_BOUND_MS = 10 * 60_000;
const BASELINE_BATCH = 500;
const MB = 1024 * 1024;

export interface ImportBenchResult {
  rows: number;
  importRate: number;
  /** Until POST /imports answered 202 (the file stored). */
  uploadSeconds: number;
  importRssGrowthMb: number;
  baselineRate?: number;
  baselineRssGrowthMb?: number;
  fileMb: number;
}

const TOPICS = ["spring-sale", "newsletter", "docs", "careers", "webinar", "pricing", "blog", "launch"];

/** Row i of a Bitly export (the columns of Bitly's v4 bitlink objects, as its CSV export has them). */
function bitlyRow(i: number, runTag: string): string {
  const topic = TOPICS[i % TOPICS.length] as string;
  const code = `${runTag}${i.toString(36)}`;
  const url =
    `https://shop.example.com/collections/${topic}/products/item-${i}?utm_source=bitly&utm_medium=social` +
    `&utm_campaign=${topic}-2024&ref=${(i * 7919).toString(36)}&variant=${i % 13}#reviews`;
  const title = `"${topic.replace("-", " ")} — item ${i}, ""limited"" offer, ${(i % 90) + 10}% off"`;
  const tags = `"${topic},imported,batch-${i % 50}"`;
  const created = new Date(Date.UTC(2020, 0, 1) + i * 600_000).toISOString().replace(".000Z", "+0000");
  const custom = i % 5 === 0 ? `https://go.example.com/${code}` : "";
  return `bit.ly/${code},https://bit.ly/${code},${custom},${url},${title},${created},${tags},${i % 1000}\n`;
}

/** Writes the export to a file, so neither its text nor the upload's body sits in this process. */
async function writeBitlyExport(file: string, rows: number, runTag: string): Promise<void> {
  const out = createWriteStream(file);
  out.write("id,link,custom_bitlinks,long_url,title,created_at,tags,clicks\n");
  for (let i = 0; i < rows; i++) {
    if (!out.write(bitlyRow(i, runTag))) await once(out, "drain");
  }
  out.end();
  await finished(out);
}

/** A process's resident set, from /proc (Linux): this process's or a child's alike. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Peak RSS of a process above its RSS at start, sampled every 50 ms until stopped. */
function sampleRss(pid: number): { stop(): number } {
  const start = rssOf(pid);
  let peak = start;
  const sample = () => {
    peak = Math.max(peak, rssOf(pid));
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return (peak - start) / MB;
    },
  };
}

interface ServedLinkApi {
  url: string;
  authorization: string;
  pid: number;
  stop(): Promise<void>;
}

/** link-api in a child process (serve-link-api-for-bench.ts), so its RSS is link-api's own. */
async function serveLinkApi(
  databaseUrl: string,
  account: string,
  nodeFlags: string[],
): Promise<ServedLinkApi> {
  const child = fork(fileURLToPath(new URL("./serve-link-api-for-bench.ts", import.meta.url)), {
    execArgv: ["--import", "tsx", ...nodeFlags],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_ACCOUNT: account },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`link-api's process exited (${code}) before it was ready`);
  });
  exited.catch(() => {});
  const [ready] = (await Promise.race([once(child, "message"), exited])) as [
    { url: string; authorization: string },
  ];
  return {
    ...ready,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = once(child, "exit");
      child.send("stop");
      await gone;
    },
  };
}

interface ImportStatus {
  status: string;
  processed: number;
  created: number;
  failed: number;
  skipped: number;
  errors: Array<{ row: number; code: string; message: string }>;
}

export interface ImportRun {
  /** Node flags of link-api's process. */
  nodeFlags: string[];
  /** Runs the baseline after the import. */
  baseline: boolean;
}

export async function benchImport(adminUrl: string, run: ImportRun): Promise<ImportBenchResult> {
  const rows = IMPORT_ROWS;
  const dir = await mkdtemp(path.join(tmpdir(), "kurz-import-bench-"));
  const file = path.join(dir, "bitly-export.csv");
  const runTag = `b${randomUUID().slice(0, 4)}`;
  await writeBitlyExport(file, rows, runTag);
  const fileBlob = await openAsBlob(file, { type: "text/csv" });
  const database = await createTestDatabase(adminUrl, "kurz_bench_link_api_import");
  const api = await serveLinkApi(database.url, `bench-import-${runTag}`, run.nodeFlags);
  const connection = await createDatabase({ url: database.url, schema, poolMax: 2 });
  try {
    const headers = { authorization: api.authorization };
    const getImport = async (id: string): Promise<ImportStatus> => {
      const response = await fetch(`${api.url}/api/v1/imports/${id}`, { headers });
      return ((await response.json()) as { import: ImportStatus }).import;
    };
    // Warm-up: a small import through the same route and worker (JIT, pools, JWKS cache).
    const warm = new FormData();
    warm.append("format", "generic");
    warm.append("file", new Blob(["url\nhttps://example.com/warm\n"]), "warm.csv");
    const warmed = await fetch(`${api.url}/api/v1/imports`, { method: "POST", headers, body: warm });
    const warmId = ((await warmed.json()) as { import: { id: string } }).import.id;
    await waitFor(() => getImport(warmId), {
      what: "the warm-up import to finish",
      until: (job) => job.status === "completed",
    });

    // The import: from the upload's first byte to the status `completed`.
    const rss = sampleRss(api.pid);
    const started = performance.now();
    const form = new FormData();
    form.append("format", "bitly");
    form.append("file", fileBlob, "bitly-export.csv");
    const response = await fetch(`${api.url}/api/v1/imports`, { method: "POST", headers, body: form });
    if (response.status !== 202) {
      throw new Error(`POST /imports answered ${response.status}: ${await response.text()}`);
    }
    const { id } = ((await response.json()) as { import: { id: string } }).import;
    const uploadMs = performance.now() - started;
    const job = await waitFor(() => getImport(id), {
      what: `the import of ${rows} rows to finish`,
      until: (current) => current.status !== "queued" && current.status !== "running",
      timeoutMs: IMPORT_BOUND_MS,
      intervalMs: 250,
    });
    const importMs = performance.now() - started;
    const importRssGrowthMb = rss.stop();
    if (job.status !== "completed" || job.created !== rows) {
      throw new Error(
        `the import ended ${job.status}: ${job.created} of ${rows} created, ${job.failed} failed, ` +
          `first errors ${JSON.stringify(job.errors.slice(0, 3))}`,
      );
    }

    if (!run.baseline) {
      return {
        rows,
        importRate: rows / (importMs / 1000),
        uploadSeconds: uploadMs / 1000,
        importRssGrowthMb,
        fileMb: fileBlob.size / MB,
      };
    }
    // The baseline, in this process: the same file parsed and written by hand, 500 rows per
    // INSERT and transaction, on a pool of its own.
    const baselineRss = sampleRss(process.pid);
    const baselineStarted = performance.now();
    const baselineAccount = randomUUID();
    let batch: Array<Record<string, string>> = [];
    const flush = async () => {
      const tuples = batch.map(
        (row) =>
          sql`(${randomUUID()}, ${baselineAccount}, 'baseline.test', ${row.id?.split("/")[1]}, true, 'standard', ${row.long_url}, ${row.long_url}, ${row.title}, string_to_array(${row.tags}, ','), ${row.created_at}::timestamptz)`,
      );
      batch = [];
      await connection.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO links (id, account_id, host, code, custom_alias, url_type, original_url, destination_url, name, tags, created_at) VALUES ${sql.join(tuples, sql`, `)}`,
        );
      });
    };
    for await (const row of createReadStream(file).pipe(parse({ columns: true }))) {
      batch.push(row as Record<string, string>);
      if (batch.length >= BASELINE_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    const baselineMs = performance.now() - baselineStarted;
    const baselineRssGrowthMb = baselineRss.stop();

    return {
      rows,
      importRate: rows / (importMs / 1000),
      uploadSeconds: uploadMs / 1000,
      importRssGrowthMb,
      baselineRate: rows / (baselineMs / 1000),
      baselineRssGrowthMb,
      fileMb: fileBlob.size / MB,
    };
  } finally {
    await connection.close();
    await api.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * V8 sizes its heap from the machine's memory (a quarter of it, at most 4 GB) or from the
 * container's limit: on a large machine it lets the old generation fill with garbage far past
 * the live heap before collecting. The second run caps the heap as a small pod does.
 */
export const CAPPED_HEAP_FLAGS = ["--max-old-space-size=256"];

/** Both imports (link-api's default heap, then capped), and the baseline after the first. */
export async function benchImports(adminUrl: string): Promise<string> {
  const uncapped = await benchImport(adminUrl, { nodeFlags: [], baseline: true });
  const capped = await benchImport(adminUrl, { nodeFlags: CAPPED_HEAP_FLAGS, baseline: false });
  return importBenchLines(uncapped, capped);
}

/** The import's lines of the bench's table. */
export function importBenchLines(result: ImportBenchResult, capped: ImportBenchResult): string {
  const rate = (value: number) => value.toFixed(0).padStart(7);
  const mb = (value: number) => value.toFixed(0).padStart(4);
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  const importLine = (label: string, r: ImportBenchResult) =>
    `  ${label.padEnd(44)} ${rate(r.importRate)} rows/s   target ≥ ${TARGET_ROWS_PER_SECOND} ${met(r.importRate >= TARGET_ROWS_PER_SECOND).padEnd(7)}   ` +
    `link-api's peak RSS growth ${mb(r.importRssGrowthMb)} MB   target ≤ ${TARGET_RSS_GROWTH_MB} MB ${met(r.importRssGrowthMb <= TARGET_RSS_GROWTH_MB)}\n`;
  const baselineRate = result.baselineRate ?? Number.NaN;
  return (
    `link-api import bench (PostgreSQL; ${result.rows} generated Bitly CSV rows, ${result.fileMb.toFixed(1)} MB, ` +
    `multipart upload until completed; the file stored in ${result.uploadSeconds.toFixed(1)} s)\n` +
    importLine("import (REST + worker)", result) +
    importLine(`import, link-api ${CAPPED_HEAP_FLAGS.join(" ")}`, capped) +
    `  ${"baseline (csv-parse, INSERT × 500)".padEnd(44)} ${rate(baselineRate)} rows/s   ratio ${(result.importRate / baselineRate).toFixed(3)} (capped ${(capped.importRate / baselineRate).toFixed(3)})   ` +
    `peak RSS growth ${mb(result.baselineRssGrowthMb ?? Number.NaN)} MB\n`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = await postgresBackend();
  if (!backend.available) throw new Error(`the import bench needs PostgreSQL: ${backend.reason}`);
  process.stdout.write(await benchImports(backend.value.adminUrl));
}
