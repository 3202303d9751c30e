import type { ClickStore } from "@kurz/clickstore";
import type { Logger } from "@kurz/logger";
import { num, queryRows } from "../queries/query-rows";

/**
 * How many blocks the table may have taken since a stored insert for it to be sent again: a
 * quarter of the dedup windows (non_replicated_deduplication_window = 1000 on the table and on
 * every view's target, which takes up to two blocks per source block). Within it, the table and
 * each target still remember the insert's token, so sending it again adds nothing twice.
 */
export const REPLAY_BLOCKS = 250;

/** A stored insert: its dedup token and a part that holds some of its rows. */
export interface StoredInsert {
  token: string;
  part: string;
}

export interface ReplayOutcome<T> {
  /** The rows of the inserts sent again (as read back), e.g. for the reports' generations. */
  rows: T[];
  /** Tokens too old to send again safely. */
  skipped: string[];
}

/**
 * Sends again, each with its own dedup token, the inserts that stored rows a batch holds once
 * more. Why: materialized views are fed by the same INSERT as the table, but not atomically with
 * it; a process killed between the table's part and a view's part leaves the table whole and the
 * view short. The redelivered rows are found stored and dropped from the new insert, so without
 * this the view would never get them. Each insert is read back whole by its token (the
 * `ingest_token` column) and inserted with that token and
 * `deduplicate_blocks_in_dependent_materialized_views`: the table drops the block, every view
 * target that has it drops it, and one that missed it adds it, once.
 *
 * Only inserts the dedup windows still remember are sent (REPLAY_BLOCKS, measured by the parts'
 * block numbers); an older one is logged and left: the raw table holds its rows, and the
 * job-written daily rollups, which reports read for whole days, are computed from it.
 */
export async function replayStoredInserts<T>(
  store: ClickStore,
  table: string,
  inserts: readonly StoredInsert[],
  logger?: Logger,
  maxBlocksSince = REPLAY_BLOCKS,
): Promise<ReplayOutcome<T>> {
  const outcome: ReplayOutcome<T> = { rows: [], skipped: [] };
  if (inserts.length === 0) return outcome;
  const partsOf = new Map<string, string[]>();
  for (const { token, part } of inserts) partsOf.set(token, [...(partsOf.get(token) ?? []), part]);
  // Inactive parts count too: a part merged since the rows were found still names their block.
  const parts = await queryRows<{ name: string; min_block: unknown }>(
    store,
    `SELECT name, min_block_number AS min_block FROM system.parts
      WHERE database = currentDatabase() AND table = {table:String} AND name IN {parts:Array(String)}`,
    { table, parts: [...new Set(inserts.map((insert) => insert.part))] },
  );
  const [latest] = await queryRows<{ block: unknown }>(
    store,
    `SELECT max(max_block_number) AS block FROM system.parts
      WHERE database = currentDatabase() AND table = {table:String} AND active`,
    { table },
  );
  const latestBlock = num(latest?.block);
  const minBlock = new Map(parts.map((part) => [part.name, num(part.min_block)]));

  for (const [token, tokenParts] of partsOf) {
    const blocks = tokenParts.map((part) => minBlock.get(part)).filter((b) => b !== undefined);
    const since = blocks.length === 0 ? Number.POSITIVE_INFINITY : latestBlock - Math.min(...blocks);
    if (since >= maxBlocksSince) {
      outcome.skipped.push(token);
      logger?.warn(
        { event: "ingest.replay_skipped", table, token, blocksSince: since, limit: maxBlocksSince },
        "a stored insert is too old to send again: its views are not checked",
      );
      continue;
    }
    const rows = await queryRows<Record<string, unknown>>(
      store,
      `SELECT * FROM ${table} WHERE ingest_token = {token:String}`,
      { token },
    );
    if (rows.length === 0) continue;
    await store.insert({ table, rows, dedupToken: token });
    outcome.rows.push(...(rows as T[]));
  }
  return outcome;
}
