import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import { num, queryRows } from "../queries/query-rows";
import { DAY_MS, dateOf } from "../queries/time-windows";
import { DIMENSION_COUNTS_SQL, dimensionArraySql } from "./dimension-values";

const TARGETS = [
  { table: "link_dimensions_daily_v1", keys: "account_id, link_id", grouping: "account_id, link_id" },
  { table: "account_dimensions_daily_v1", keys: "account_id, campaign_id", grouping: "account_id, campaign_id" },
] as const;

/**
 * Rolls one UTC day of clicks_v1 into both dimension rollups, replacing what they held for it:
 * 1. counts each account's requests of the day (account_clicks_hourly_v1) — before reading the
 *    clicks, so a click arriving meanwhile leaves the day marked stale, never wrongly current;
 * 2. marks the day stale in dimension_days_v1 (reports read it from clicks_v1 from then on);
 * 3. drops the day's partition of each rollup and writes it again from clicks_v1;
 * 4. records the counts of step 1: reports use the rollup rows while the counts still match.
 * Returns how many requests the day held.
 */
export async function rollUpDimensionDay(store: ClickStore, dayMs: number, nowMs: number): Promise<number> {
  const day = dateOf(dayMs);
  const counts = await queryRows<{ account_id: string; n: unknown }>(
    store,
    `SELECT account_id, sum(clicks + bots + head_requests) AS n FROM account_clicks_hourly_v1
      WHERE hour >= {from:DateTime('UTC')} AND hour < {to:DateTime('UTC')} GROUP BY account_id`,
    { from: toClickHouseTime(dayMs).slice(0, 19), to: toClickHouseTime(dayMs + DAY_MS).slice(0, 19) },
  );
  await store.client.command({
    query: `INSERT INTO dimension_days_v1 (account_id, day, raw_rows, rolled_at)
            SELECT account_id, day, 0, greatest({at:DateTime64(3, 'UTC')}, rolled_at + toIntervalMillisecond(1))
              FROM dimension_days_v1 FINAL WHERE day = {day:Date}`,
    query_params: { day, at: toClickHouseTime(nowMs).slice(0, 23) },
  });
  for (const target of TARGETS) {
    await store.client.command({ query: `ALTER TABLE ${target.table} DROP PARTITION {day:Date}`, query_params: { day } });
    await store.client.command({
      query: `INSERT INTO ${target.table}
                (${target.keys}, day, dimension, value, parent_country, parent_region, retention_days,
                 clicks, bots, head_requests, visitors)
              SELECT ${target.keys}, toDate(clicked_at) AS day, d.1 AS dimension, d.2 AS value,
                     d.3 AS parent_country, d.4 AS parent_region, retention_days, ${DIMENSION_COUNTS_SQL}
                FROM clicks_v1
               ARRAY JOIN ${dimensionArraySql()} AS d
               WHERE clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at < {to:DateTime64(3, 'UTC')}
               GROUP BY ${target.grouping}, day, dimension, value, parent_country, parent_region, retention_days`,
      query_params: { from: toClickHouseTime(dayMs).slice(0, 23), to: toClickHouseTime(dayMs + DAY_MS).slice(0, 23) },
    });
  }
  if (counts.length > 0) {
    // Later than every earlier row of the day (the stale marks included), whatever the clock says.
    const [latest] = await queryRows<{ ms: unknown }>(
      store,
      "SELECT toUnixTimestamp64Milli(max(rolled_at)) AS ms FROM dimension_days_v1 WHERE day = {day:Date}",
      { day },
    );
    const rolledAt = toClickHouseTime(Math.max(nowMs, num(latest?.ms) + 1)).slice(0, 23);
    await store.insert({
      table: "dimension_days_v1",
      rows: counts.map((row) => ({ account_id: row.account_id, day, raw_rows: num(row.n), rolled_at: rolledAt })),
      columns: ["account_id", "day", "raw_rows", "rolled_at"],
    });
  }
  return counts.reduce((sum, row) => sum + num(row.n), 0);
}
