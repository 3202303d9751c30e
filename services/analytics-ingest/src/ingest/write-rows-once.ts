import { createHash } from "node:crypto";
import type { ClickStore } from "@kurz/clickstore";
import type { RetentionLookup } from "../enrichment/retention-lookup";

export interface RowsOnceSpec<T> {
  table: "clicks_v1" | "conversions_v1";
  idColumn: "click_id" | "conversion_id";
  timeColumn: "clicked_at" | "occurred_at";
  id(row: T): string;
  time(row: T): string;
  account(row: T): string;
  link(row: T): string;
  setRetention(row: T, days: number): void;
}

export interface WriteOutcome {
  written: number;
  duplicates: number;
}

/**
 * Writes a batch so that no event is ever stored twice, whatever redelivered it (a replayed
 * batch, a producer retry, a consumer restart): ids repeated within the batch or already in the
 * table are dropped first, then the rest is inserted with a dedup token derived from its ids, so retrying an insert
 * whose acknowledgement was lost is a no-op in ClickHouse — for the raw table and, through their
 * own dedup windows, for the rollups its materialized views feed.
 */
export async function writeRowsOnce<T>(
  store: ClickStore,
  retention: RetentionLookup,
  spec: RowsOnceSpec<T>,
  batch: readonly T[],
): Promise<WriteOutcome> {
  const unique = new Map<string, T>();
  for (const row of batch) if (!unique.has(spec.id(row))) unique.set(spec.id(row), row);
  const ids = [...unique.keys()];
  if (ids.length === 0) return { written: 0, duplicates: batch.length };

  let from = spec.time(batch[0] as T);
  let to = from;
  for (const row of unique.values()) {
    const time = spec.time(row);
    if (time < from) from = time;
    if (time > to) to = time;
  }
  // The lookup is bounded by the sorting key (account, link, time): only the granules of the
  // batch's links and time span are read, however large the table grows (the time alone is not a
  // key prefix, and merged parts span weeks). The bloom filter on the id narrows those further.
  const accounts = new Set<string>();
  const links = new Set<string>();
  for (const row of unique.values()) {
    accounts.add(spec.account(row));
    links.add(spec.link(row));
  }
  const result = await store.client.query({
    query: `SELECT toString(${spec.idColumn}) AS id FROM ${spec.table}
            WHERE account_id IN {accounts:Array(String)} AND link_id IN {links:Array(String)}
              AND ${spec.timeColumn} >= {from:DateTime64(3, 'UTC')} AND ${spec.timeColumn} <= {to:DateTime64(3, 'UTC')}
              AND ${spec.idColumn} IN {ids:Array(UUID)}`,
    query_params: { accounts: [...accounts], links: [...links], from, to, ids },
    format: "JSONEachRow",
  });
  for (const { id } of await result.json<{ id: string }>()) unique.delete(id);

  const rows = [...unique.values()];
  if (rows.length > 0) {
    const accounts = [...new Set(rows.map(spec.account))];
    const days = await Promise.all(accounts.map((account) => retention.retentionDays(account)));
    const byAccount = new Map(accounts.map((account, i) => [account, days[i] ?? 0]));
    for (const row of rows) spec.setRetention(row, byAccount.get(spec.account(row)) ?? 0);
    const token = createHash("sha256")
      .update([...unique.keys()].sort().join(","))
      .digest("hex");
    await store.insert({ table: spec.table, rows, dedupToken: `${spec.table}:${token}` });
  }
  return { written: rows.length, duplicates: batch.length - rows.length };
}
