/**
 * The bench's ClickHouse data: generated clicks and conversions written through the ingest
 * pipeline's own write path (RowBatcher → writeRowsOnce → store.insert, so the view-fed rollups are
 * filled by the same inserts as in production), built once per (rows, seed, schema, generator)
 * and reused: chDB keeps it in a directory under the OS temp dir, a ClickHouse server
 * (`CLICKHOUSE_URL`) in a database of that name.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ClickStore, createClickStore } from "@kurz/clickstore";
import { createLogger } from "@kurz/logger";
import { createRetentionLookup } from "../../src/enrichment/retention-lookup";
import { createIngestPipeline } from "../../src/ingest/create-ingest-pipeline";
import {
  type Catalog,
  createCatalog,
  type DatasetOptions,
  type GeneratedBatch,
  generateBatches,
} from "./generate-clicks";

const MIGRATIONS = fileURLToPath(new URL("../../clickhouse", import.meta.url));
const GENERATOR_FILES = ["generate-clicks.ts", "click-vocabulary.ts", "seeded-random.ts"].map((name) =>
  fileURLToPath(new URL(name, import.meta.url)),
);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The clicks of the historical dataset span 180 days (generate-clicks.ts). */
const DEFAULT_DAYS = 180;
/** The retention every generated row gets (the service's DEFAULT_RETENTION_DAYS): nothing expires. */
const RETENTION_DAYS = 365;

export interface InsertOutcome {
  clicks: number;
  conversions: number;
  /** Time spent in the pipeline's writes of clicks (generation excluded). */
  clickInsertMs: number;
  conversionInsertMs: number;
}

export interface DatasetMeta extends InsertOutcome {
  clicksRequested: number;
  seed: number;
  endMs: number;
  /** How many days before `endMs` the clicks start (absent in datasets built before: 180). */
  days?: number;
  builtAt: string;
}

export interface Dataset {
  store: ClickStore;
  catalog: Catalog;
  meta: DatasetMeta;
  /** True when an earlier run's data was reused. */
  reused: boolean;
  /** Where it lives: the chDB directory or the server database. */
  location: string;
}

/**
 * Writes the batches through the ingest pipeline's row batchers, as the consumer does with
 * decoded and enriched clicks (10 000-row inserts, ids de-duplicated against the table, a dedup
 * token per insert, retention filled per account).
 */
export async function insertDataset(
  store: ClickStore,
  batches: Iterable<GeneratedBatch>,
  onProgress?: (clicks: number) => void,
): Promise<InsertOutcome> {
  const logger = createLogger({ service: "analytics-bench", level: "silent" });
  const pipeline = createIngestPipeline({
    store,
    enricher: {
      enrich() {
        throw new Error("the bench writes enriched rows");
      },
    },
    retention: createRetentionLookup({
      client: undefined,
      defaultDays: RETENTION_DAYS,
      ttlMs: 600_000,
      logger,
    }),
    logger,
    batchMaxRows: 10_000,
    batchMaxWaitMs: 500,
    maxPendingRows: 50_000,
  });
  const outcome: InsertOutcome = { clicks: 0, conversions: 0, clickInsertMs: 0, conversionInsertMs: 0 };
  try {
    for (const batch of batches) {
      let started = performance.now();
      await pipeline.clicks.write(batch.clicks, { now: true });
      outcome.clickInsertMs += performance.now() - started;
      started = performance.now();
      await pipeline.conversions.write(batch.conversions, { now: true });
      outcome.conversionInsertMs += performance.now() - started;
      outcome.clicks += batch.clicks.length;
      outcome.conversions += batch.conversions.length;
      onProgress?.(outcome.clicks);
    }
  } finally {
    await pipeline.close(30_000);
  }
  return outcome;
}

/** Changes when the schema or the generator changes, so a stale dataset is never reused. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => path.join(MIGRATIONS, name));
  for (const file of [...migrations, ...GENERATOR_FILES]) {
    hash.update(path.basename(file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

async function readMeta(store: ClickStore): Promise<DatasetMeta | undefined> {
  try {
    const result = await store.client.query({
      query: "SELECT meta FROM bench_dataset",
      format: "JSONEachRow",
    });
    const [row] = await result.json<{ meta: string }>();
    return row ? (JSON.parse(row.meta) as DatasetMeta) : undefined;
  } catch {
    return undefined;
  }
}

export interface OpenDatasetOptions {
  clicks: number;
  seed: number;
  /** How far back the clicks go: 180 (the default) or 1 / 24 (the last hour only, "today"). */
  days?: number;
  /** ClickHouse server; absent: chDB in this process. */
  url?: string | undefined;
  /** Build again even when a finished dataset exists. */
  rebuild?: boolean;
  /** chDB connections the store opens (ClickStoreOptions.chdbLanes); absent: its default. */
  chdbLanes?: number | undefined;
  log?: (line: string) => void;
}

/** The dataset of these options: reused when an earlier run finished building it, else built now. */
export async function openDataset(options: OpenDatasetOptions): Promise<Dataset> {
  const days = options.days ?? DEFAULT_DAYS;
  const span = days === DEFAULT_DAYS ? "" : `${Math.round(days * 24)}h_`;
  const key = `${options.clicks}_${options.seed}_${span}${sourceHash()}`;
  const log = options.log ?? (() => {});
  const dataDir = path.join(tmpdir(), "kurz-analytics-bench", key);
  const database = options.url ? `kurz_bench_${key}` : "kurz";
  const location = options.url ? `${options.url} database ${database}` : dataDir;
  const open = () =>
    createClickStore(
      options.url ? { url: options.url, database } : { dataDir, database, chdbLanes: options.chdbLanes },
    );

  if (!options.rebuild) {
    const store = await open();
    const meta = await readMeta(store);
    if (meta) {
      const catalog = createCatalog({
        clicks: meta.clicksRequested,
        seed: meta.seed,
        endMs: meta.endMs,
        days: meta.days ?? DEFAULT_DAYS,
      });
      return { store, catalog, meta, reused: true, location };
    }
    await store.close();
  }

  // Nothing usable: start from an empty database.
  if (options.url) {
    const store = await open();
    // A server refuses requests naming a database that does not exist: then there is nothing to drop.
    await store.client
      .command({ query: "DROP DATABASE IF EXISTS {database:Identifier}", query_params: { database } })
      .catch(() => undefined);
    await store.close();
  } else {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const store = await open();
  await store.migrate(MIGRATIONS);
  let endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // Data of less than a day ends within a UTC day, never at its midnight: "today" stays today.
  if (days < 1 && endMs % DAY_MS === 0) endMs += HOUR_MS;
  const datasetOptions: DatasetOptions = { clicks: options.clicks, seed: options.seed, endMs, days };
  const catalog = createCatalog(datasetOptions);
  log(`building ${options.clicks} clicks (seed ${options.seed}) in ${location}`);
  let nextReport = 1_000_000;
  const outcome = await insertDataset(store, generateBatches(datasetOptions, catalog), (clicks) => {
    if (clicks >= nextReport) {
      log(`  ${clicks} clicks written`);
      nextReport += 1_000_000;
    }
  });
  const meta: DatasetMeta = {
    ...outcome,
    clicksRequested: options.clicks,
    seed: options.seed,
    endMs,
    days,
    builtAt: new Date().toISOString(),
  };
  await store.client.command({
    query: "CREATE TABLE IF NOT EXISTS bench_dataset (meta String) ENGINE = MergeTree ORDER BY tuple()",
  });
  await store.insert({ table: "bench_dataset", rows: [{ meta: JSON.stringify(meta) }] });
  return { store, catalog, meta, reused: false, location };
}
