import { createHash } from "node:crypto";
import type { ClickStore } from "@kurz/clickstore";
import type { Logger } from "@kurz/logger";
import type { RetentionLookup } from "../enrichment/retention-lookup";
import { replayStoredInserts, type StoredInsert } from "./replay-stored-inserts";

export interface RowsOnceSpec<T> {
  table: "clicks_v1" | "conversions_v1";
  idColumn: "click_id" | "conversion_id";
  timeColumn: "clicked_at" | "occurred_at";
  id(row: T): string;
  time(row: T): string;
  account(row: T): string;
  link(row: T): string;
  setRetention(row: T, days: number): void;
  /**
   * Tables whose rows feed materialized views: where a row records the token of the insert that
   * stored it, so a stored insert can be sent again for the views (replay-stored-inserts.ts).
   */
  tokenColumn?: "ingest_token";
}

export interface WriteOutcome<T> {
  written: number;
  duplicates: number;
  /** Rows of stored inserts sent again for the views that may have missed them. */
  replayed: T[];
}

/**
 * Writes a batch so that no event is ever stored twice, whatever redelivered it (a replayed
 * batch, a producer retry, a consumer restart): ids repeated within the batch or already in the
 * table are dropped first, then the rest is inserted with a dedup token derived from its ids, so retrying an insert
 * whose acknowledgement was lost is a no-op in ClickHouse — for the raw table and, through their
 * own dedup windows, for the rollups its materialized views feed. With a `tokenColumn`, the
 * inserts that stored the dropped rows are sent again first, so a view that missed one (a crash
 * between the table's part and the view's) gets it.
 */
export async function writeRowsOnce<T>(
  store: ClickStore,
  retention: RetentionLookup,
  spec: RowsOnceSpec<T>,
  batch: readonly T[],
  logger?: Logger,
): Promise<WriteOutcome<T>> {
  const unique = new Map<string, T>();
  for (const row of batch) if (!unique.has(spec.id(row))) unique.set(spec.id(row), row);
  const ids = [...unique.keys()];
  if (ids.length === 0) return { written: 0, duplicates: batch.length, replayed: [] };

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
  const stored = spec.tokenColumn ? `, ${spec.tokenColumn} AS token, _part AS part` : "";
  const result = await store.client.query({
    query: `SELECT toString(${spec.idColumn}) AS id${stored} FROM ${spec.table}
            WHERE account_id IN {accounts:Array(String)} AND link_id IN {links:Array(String)}
              AND ${spec.timeColumn} >= {from:DateTime64(3, 'UTC')} AND ${spec.timeColumn} <= {to:DateTime64(3, 'UTC')}
              AND ${spec.idColumn} IN {ids:Array(UUID)}`,
    query_params: { accounts: [...accounts], links: [...links], from, to, ids },
    format: "JSONEachRow",
  });
  const inserts: StoredInsert[] = [];
  for (const { id, token, part } of await result.json<{ id: string; token?: string; part?: string }>()) {
    unique.delete(id);
    if (token && part) inserts.push({ token, part });
  }
  const replayed = await replayStoredInserts<T>(store, spec.table, inserts, logger);

  const rows = [...unique.values()];
  if (rows.length > 0) {
    const accounts = [...new Set(rows.map(spec.account))];
    const days = await Promise.all(accounts.map((account) => retention.retentionDays(account)));
    const byAccount = new Map(accounts.map((account, i) => [account, days[i] ?? 0]));
    for (const row of rows) spec.setRetention(row, byAccount.get(spec.account(row)) ?? 0);
    const hash = createHash("sha256")
      .update([...unique.keys()].sort().join(","))
      .digest("hex");
    const token = `${spec.table}:${hash}`;
    if (spec.tokenColumn) for (const row of rows) (row as Record<string, unknown>)[spec.tokenColumn] = token;
    await store.insert({ table: spec.table, rows, dedupToken: token });
  }
  return { written: rows.length, duplicates: batch.length - rows.length, replayed: replayed.rows };
}
