/**
 * `make bench-export`: the click export (GET /analytics/account/clicks/export) on 1 M generated
 * clicks of ONE account, so that a single export streams them all. The export's own pieces
 * (exportClickPages → writeClickExportPage → a Readable, as the route pipes it to the socket)
 * write into a sink that discards the bytes; against it, in the same run, the baseline: the
 * same keyset SELECTs through the store with the rows discarded. Prints rows/s of each, the
 * export's share of the baseline's rate, and the RSS growth while exporting (sampled per page).
 * Targets: ≥ 100,000 rows/s and ≤ 50 MB RSS growth.
 *
 *   BENCH_CLICKS / --clicks N   rows (default 1 000 000)
 *   BENCH_PAGE / --page N       rows per statement (default the route's, CLICK_EXPORT_PAGE_SIZE)
 *   --rebuild                   generate the dataset again even if one is cached
 *
 * The dataset lives in a chDB directory under the OS temp dir, built once through the ingest
 * pipeline's own write path (bench/analytics/build-dataset.ts insertDataset).
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ClickStore, createClickStore } from "@kurz/clickstore";
import { resolveTimeRange } from "../../src/analytics/resolve-time-range";
import { CLICK_EXPORT_PAGE_SIZE, exportClickPages } from "../../src/queries/export-click-pages";
import type { QueryScope } from "../../src/queries/query-scope";
import {
  type ClickExportFormat,
  clickExportHead,
  writeClickExportPage,
} from "../../src/queries/write-click-export";
import { insertDataset } from "../analytics/build-dataset";
import { createCatalog, type DatasetOptions, generateBatches } from "../analytics/generate-clicks";

const MIGRATIONS = fileURLToPath(new URL("../../clickhouse", import.meta.url));
const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    clicks: { type: "string" },
    page: { type: "string" },
    rebuild: { type: "boolean", default: false },
  },
});
const clicks = Number((values.clicks ?? process.env.BENCH_CLICKS ?? "1000000").replaceAll("_", ""));
if (!Number.isInteger(clicks) || clicks < 1) throw new Error(`not a count: ${values.clicks}`);

const pageSize = Number(values.page ?? process.env.BENCH_PAGE ?? CLICK_EXPORT_PAGE_SIZE);
if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`not a page size: ${values.page}`);

const log = (line: string) => process.stdout.write(`${line}\n`);

/** One account holding every click, over 30 days (the export's window is the whole dataset). */
async function openStore(): Promise<{ store: ClickStore; scope: QueryScope; rows: number }> {
  const dataDir = path.join(tmpdir(), "kurz-export-bench", `${clicks}_1account`);
  const endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const options: DatasetOptions = { clicks, seed: 1, endMs, days: 30, accounts: 1 };
  // A reused dataset is read as built (its migrations were applied when it was built).
  let store = await createClickStore({ dataDir, database: "kurz" });
  const stored = async () => {
    const result = await store.client.query({
      query:
        "SELECT count() AS n, min(clicked_at) AS first, max(clicked_at) AS last, any(account_id) AS account FROM clicks_v1",
      format: "JSONEachRow",
    });
    const [row] = await result.json<{ n: string; first: string; last: string; account: string }>();
    return row;
  };
  let row = await stored().catch(() => undefined);
  if (values.rebuild || Number(row?.n ?? 0) < clicks * 0.99) {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    store = await createClickStore({ dataDir, database: "kurz" });
    await store.migrate(MIGRATIONS);
    log(`building ${clicks} clicks of one account in ${dataDir}`);
    const started = performance.now();
    await insertDataset(store, generateBatches(options, createCatalog(options)));
    log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    row = await stored();
  } else {
    log(`reusing ${row?.n} clicks in ${dataDir}`);
  }
  if (!row) throw new Error("no clicks");
  const range = resolveTimeRange({
    start: new Date(`${row.first.replace(" ", "T")}Z`),
    end: new Date(Date.parse(`${row.last.replace(" ", "T")}Z`) + HOUR_MS),
  });
  return { store, scope: { accountId: row.account, range }, rows: Number(row.n) };
}

interface Measured {
  rows: number;
  bytes: number;
  ms: number;
  rssGrowthMb: number;
  /** Peak of V8's heap plus external buffers minus the start: the export's own JS memory. */
  heapGrowthMb: number;
}

/** Runs `work`, sampling RSS at each `sample()` it calls; the growth is the peak minus the start. */
async function measure(
  work: (sample: () => void) => Promise<{ rows: number; bytes: number }>,
): Promise<Measured> {
  globalThis.gc?.();
  const js = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;
  const start = process.memoryUsage();
  let peak = start.rss;
  let peakJs = js(start);
  const sample = () => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakJs = Math.max(peakJs, js(usage));
  };
  const started = performance.now();
  const { rows, bytes } = await work(sample);
  const ms = performance.now() - started;
  sample();
  return { rows, bytes, ms, rssGrowthMb: (peak - start.rss) / MB, heapGrowthMb: (peakJs - js(start)) / MB };
}

/** The baseline: the export's keyset SELECTs, rows decoded and dropped. */
function selectOnly(store: ClickStore, scope: QueryScope) {
  return measure(async (sample) => {
    let rows = 0;
    for await (const page of exportClickPages(store, scope, { includeBots: true, pageSize })) {
      rows += page.length;
      sample();
    }
    return { rows, bytes: 0 };
  });
}

/** The export as the route runs it: pages written as text into a Readable, piped to a sink. */
function exportTo(store: ClickStore, scope: QueryScope, format: ClickExportFormat) {
  return measure(async (sample) => {
    let rows = 0;
    let bytes = 0;
    async function* body(): AsyncGenerator<string> {
      yield clickExportHead(format);
      for await (const page of exportClickPages(store, scope, { includeBots: true, pageSize })) {
        rows += page.length;
        yield writeClickExportPage(format, page);
      }
    }
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        sample();
        done();
      },
    });
    await pipeline(Readable.from(body(), { objectMode: false }), sink);
    return { rows, bytes };
  });
}

const { store, scope, rows } = await openStore();
log(
  `export of ${rows} clicks in pages of ${pageSize}, ${scope.range.start.toISOString()} .. ${scope.range.end.toISOString()}`,
);
const runs: Array<[string, Measured]> = [];
// A warm-up pass of the baseline: the first read of the parts is not what the export costs.
await selectOnly(store, scope);
runs.push(["baseline: keyset SELECTs, rows dropped", await selectOnly(store, scope)]);
runs.push(["export csv", await exportTo(store, scope, "csv")]);
runs.push(["export jsonl", await exportTo(store, scope, "jsonl")]);
const baseline = runs[0]?.[1];
log("");
log("| run | rows | MB written | s | rows/s | of baseline | RSS growth MB | JS heap growth MB |");
log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [name, m] of runs) {
  const rate = m.rows / (m.ms / 1000);
  const share = baseline ? `${((rate / (baseline.rows / (baseline.ms / 1000))) * 100).toFixed(0)} %` : "";
  log(
    `| ${name} | ${m.rows} | ${(m.bytes / MB).toFixed(1)} | ${(m.ms / 1000).toFixed(2)} | ${Math.round(rate).toLocaleString("en")} | ${share} | ${m.rssGrowthMb.toFixed(1)} | ${m.heapGrowthMb.toFixed(1)} |`,
  );
}
const csv = runs[1]?.[1];
if (csv) {
  const rate = csv.rows / (csv.ms / 1000);
  log("");
  log(
    `targets: >= 100,000 rows/s: ${rate >= 100_000 ? "met" : "MISSED"} (${Math.round(rate).toLocaleString("en")}); RSS growth <= 50 MB: ${csv.rssGrowthMb <= 50 ? "met" : "MISSED"} (${csv.rssGrowthMb.toFixed(1)})`,
  );
}
await store.close();
