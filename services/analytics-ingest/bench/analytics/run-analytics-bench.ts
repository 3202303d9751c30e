/**
 * `make bench-analytics`: every analytics report at scale. Builds (or reuses) a dataset of
 * generated clicks written through the ingest pipeline (build-dataset.ts), then times each
 * AnalyticsReader method the REST API and AnalyticsService use (list-bench-calls.ts) against its
 * target, next to a `SELECT 1` round trip of the same run.
 *
 *   BENCH_CLICKS / --clicks N      rows (default 1 000 000; the scale is 10 000 000)
 *   BENCH_SEED / --seed N          generator seed (default 1)
 *   BENCH_RUNS / --runs N          timed runs per call (default 50)
 *   BENCH_WARMUP / --warmup N      warm-up runs per call (default 5)
 *   --only TEXT                    only calls whose name contains TEXT
 *   --rebuild                      build the dataset again even if one is cached
 *   BENCH_CHDB_LANES / --lanes N   chDB connections (default: the click store's, one per core)
 *   BENCH_SCENARIO / --scenario S  `history` (clicks over 180 days, rolled up), `today` (every
 *                                  click within the last hour, nothing rolled up) or `both` (default)
 *   CLICKHOUSE_URL                 a ClickHouse server instead of chDB in this process
 */
import { parseArgs } from "node:util";
import { createCache } from "@kurz/cache";
import { type ClickStore, DEFAULT_CHDB_LANES } from "@kurz/clickstore";
import { createReportGenerations } from "../../src/analytics/account-generations";
import { createAnalyticsReader } from "../../src/analytics/analytics-reader";
import { cacheDayCoverage } from "../../src/analytics/cache-day-coverage";
import { cacheLinkLookup } from "../../src/analytics/cache-link-lookup";
import { openDataset } from "./build-dataset";
import { createDatasetDirectory } from "./create-dataset-directory";
import { listBenchCalls, pickSubjects, SCENARIOS, type Scenario } from "./list-bench-calls";
import {
  print,
  printDataset,
  printSize,
  printSubjects,
  printTiming,
  printTimingHeader,
} from "./print-report";
import { rollUpDataset } from "./roll-up-dataset";
import { timeCall } from "./time-calls";

const { values } = parseArgs({
  options: {
    clicks: { type: "string" },
    seed: { type: "string" },
    runs: { type: "string" },
    warmup: { type: "string" },
    only: { type: "string" },
    rebuild: { type: "boolean", default: false },
    lanes: { type: "string" },
    scenario: { type: "string" },
  },
});
const int = (flag: string | undefined, env: string | undefined, fallback: number) => {
  const value = Number((flag ?? env ?? String(fallback)).replaceAll("_", ""));
  if (!Number.isInteger(value) || value < 0) throw new Error(`not a count: ${flag ?? env}`);
  return value;
};
const clicks = int(values.clicks, process.env.BENCH_CLICKS, 1_000_000);
const seed = int(values.seed, process.env.BENCH_SEED, 1);
const runs = Math.max(1, int(values.runs, process.env.BENCH_RUNS, 50));
const warmup = int(values.warmup, process.env.BENCH_WARMUP, 5);
const lanesFlag = values.lanes ?? process.env.BENCH_CHDB_LANES;
const chdbLanes = lanesFlag === undefined ? undefined : Math.max(1, int(lanesFlag, undefined, 1));
const scenarioName = values.scenario ?? process.env.BENCH_SCENARIO ?? "both";
const scenarios = SCENARIOS.filter((s) => scenarioName === "both" || s.name === scenarioName);
if (scenarios.length === 0) throw new Error(`unknown scenario: ${scenarioName} (history, today or both)`);

for (const scenario of scenarios) await runScenario(scenario);

async function runScenario(scenario: Scenario): Promise<void> {
  print(`Scenario ${scenario.name}: ${scenario.describe}`);
  const dataset = await openDataset({
    clicks,
    days: scenario.days,
    seed,
    url: process.env.CLICKHOUSE_URL || undefined,
    rebuild: values.rebuild,
    chdbLanes,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const { store, catalog } = dataset;
  const generationCache = createCache();
  try {
    printDataset(dataset);
    // The dimension rollup job's backfill, as a service runs it on its first start (a cached
    // dataset has it already: nothing is stale, one query).
    const rollStarted = performance.now();
    const rolledDays = await rollUpDataset(store, dataset.meta.endMs);
    print(
      `  dimension rollups: ${rolledDays} days rolled up in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s` +
        (rolledDays > 0
          ? ` (${Math.round(dataset.meta.clicks / ((performance.now() - rollStarted) / 1000))} clicks/s)`
          : ""),
    );
    await printSize(store);

    // The reports' periods end "now": the clock is moved to the dataset's end (a constant shift, so
    // durations are unchanged), so a cached dataset is read as if it had just been built.
    const realNow = Date.now;
    const shift = dataset.meta.endMs - realNow();
    Date.now = () => realNow() + shift;

    // The reader's store counts the queries each call sends (chDB runs them one at a time, so a
    // report costs at least its number of round trips).
    let queries = 0;
    const countingStore: ClickStore = {
      ...store,
      client: {
        ...store.client,
        query: ((params) => {
          queries++;
          return store.client.query(params);
        }) as ClickStore["client"]["query"],
      },
    };
    // As the service runs: each report's day coverage and a code's links remembered until the
    // account's writes move their generations (in the cache port: here in memory; over Redis each
    // adds one GET, ~0.3 ms).
    const generations = createReportGenerations(generationCache.cache);
    const reader = createAnalyticsReader(countingStore, createDatasetDirectory(catalog), {
      coverage: cacheDayCoverage(countingStore, generations.days),
      links: cacheLinkLookup(countingStore, generations.links),
    });
    const subjects = await pickSubjects(store, catalog);
    printSubjects(subjects);

    const select1 = await timeCall(
      async () => (await store.client.query({ query: "SELECT 1", format: "JSONEachRow" })).json(),
      { runs: Math.max(runs, 50), warmup: Math.max(warmup, 5) },
    );
    printTimingHeader(
      select1,
      runs,
      warmup,
      dataset.store.kind === "chdb" ? String(chdbLanes ?? `default (${DEFAULT_CHDB_LANES})`) : "n/a (server)",
    );
    let within = 0;
    const calls = listBenchCalls(reader, subjects, scenario).filter(
      (call) => !values.only || call.name.includes(values.only),
    );
    for (const call of calls) {
      queries = 0;
      await call.run();
      const perCall = queries;
      const timing = await timeCall(call.run, { runs, warmup });
      if (printTiming(call.name, call.serves, perCall, timing, select1, call.targetMs)) within++;
    }
    print(`${within} of ${calls.length} calls within target (p95).`);
    Date.now = realNow;
  } finally {
    await store.close();
    await generationCache.close();
  }
  print();
}
