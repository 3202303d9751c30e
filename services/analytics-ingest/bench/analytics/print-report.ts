/** The analytics bench's report on stdout: the dataset, its cost on disk, then one line per call. */
import type { ClickStore } from "@kurz/clickstore";
import type { Dataset } from "./build-dataset";
import type { Subjects } from "./list-bench-calls";
import type { Timing } from "./time-calls";

export function print(line = ""): void {
  process.stdout.write(`${line}\n`);
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const ms = (value: number) => value.toFixed(1).padStart(7);

const span = (days: number) => (days >= 1 ? `${days} days` : `${Math.round(days * 24 * 60)} minutes`);

export function printDataset(dataset: Dataset): void {
  const { meta } = dataset;
  const rate = meta.clicks / (meta.clickInsertMs / 1000);
  print(
    `Dataset: ${meta.clicks} clicks (seed ${meta.seed}, ${dataset.catalog.accounts.length} accounts, ${dataset.catalog.links.length} links, ` +
      `${span(meta.days ?? 180)} to ${new Date(meta.endMs).toISOString()}), ${meta.conversions} conversions`,
  );
  print(`  ${dataset.reused ? `reused (built ${meta.builtAt})` : "built now"}: ${dataset.location}`);
  print(
    `  insert rate: ${Math.round(rate)} clicks/s through the ingest pipeline's write path ` +
      `(${(meta.clickInsertMs / 1000).toFixed(1)} s of inserts; conversions ${(meta.conversionInsertMs / 1000).toFixed(1)} s)` +
      (dataset.reused ? " — measured when it was built" : ""),
  );
}

export async function printSize(store: ClickStore): Promise<void> {
  const result = await store.client.query({
    query: `SELECT table, sum(rows) AS n_rows, count() AS n_parts, sum(bytes_on_disk) AS bytes,
                   sum(data_uncompressed_bytes) AS raw_bytes
              FROM system.parts WHERE database = {db:String} AND active
             GROUP BY table ORDER BY bytes DESC`,
    query_params: { db: store.database },
    format: "JSONEachRow",
  });
  const tables = await result.json<{
    table: string;
    n_rows: string;
    n_parts: string;
    bytes: string;
    raw_bytes: string;
  }>();
  const total = tables.reduce((sum, t) => sum + Number(t.bytes), 0);
  print(`  size on disk: ${mb(total)}`);
  for (const t of tables) {
    print(
      `    ${t.table.padEnd(24)} ${String(t.n_rows).padStart(10)} rows ${String(t.n_parts).padStart(4)} parts ${mb(Number(t.bytes)).padStart(10)} (${mb(Number(t.raw_bytes))} uncompressed)`,
    );
  }
}

export function printSubjects(s: Subjects): void {
  print("Subjects (last 30 days of the data):");
  print(
    `  top link ${s.topLink.linkId}: ${s.topLink.clicks30d} clicks; small link ${s.smallLink.linkId}: ${s.smallLink.clicks30d}`,
  );
  print(
    `  busiest account ${s.account.accountId}: ${s.account.clicks30d} clicks; campaign ${s.campaign.campaignId}: ${s.campaign.clicks30d}`,
  );
  print(`  QR link ${s.qrLink.linkId}: ${s.qrLink.scans30d} scans; A/B test ${s.abTest.abTestId}`);
}

export function printTimingHeader(select1: Timing, runs: number, warmup: number, lanes: string): void {
  print(
    `Latency: ${runs} runs after ${warmup} warm-up runs each; SELECT 1 round trip p50 ${select1.p50Ms.toFixed(2)} ms, p95 ${select1.p95Ms.toFixed(2)} ms; chDB connections: ${lanes}`,
  );
  print(
    `  ${"call".padEnd(40)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p50/SELECT 1".padStart(12)} ${"queries".padStart(7)}  target            serves`,
  );
}

export function printTiming(
  name: string,
  serves: string,
  queries: number,
  timing: Timing,
  select1: Timing,
  targetMs: number,
): boolean {
  const ok = timing.p95Ms <= targetMs;
  const ratio = `${Math.round(timing.p50Ms / select1.p50Ms)}x`;
  print(
    `  ${name.padEnd(40)} ${ms(timing.p50Ms)} ${ms(timing.p95Ms)} ${ratio.padStart(12)} ${String(queries).padStart(7)}  p95 ≤ ${String(targetMs).padStart(3)} ms ${(ok ? "OK" : "OVER").padEnd(4)}  ${serves}`,
  );
  return ok;
}
