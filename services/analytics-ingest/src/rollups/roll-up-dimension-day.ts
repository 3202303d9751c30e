import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import { num, queryRows } from "../queries/query-rows";
import { BOT, HEAD, HUMAN, TAGGED } from "../queries/query-scope";
import { DAY_MS, dateOf } from "../queries/time-windows";
import { ACCOUNT_ROWS, DAY_COUNTS_SQL, dimensionArraySql } from "./dimension-values";

/**
 * The set of dimensions the job writes (dimension-values.ts), recorded with each rolled-up day
 * (dimension_days_v1.dimensions_version): a day rolled up with an earlier set is stale. Moves
 * when a dimension or a column of the job's tables is added, so that no report reads a day
 * that has none of it. 1: the QR dimensions, and link_days_v1's tagged and QR columns (015).
 */
export const DIMENSIONS_VERSION = 1;

/** The job-written tables; each is deleted for a day before the day is written again. */
export const ROLLED_TABLES = [
  "link_dimensions_daily_v1",
  "account_dimensions_daily_v1",
  "link_days_v1",
] as const;

const DAY_ROWS = "clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at < {to:DateTime64(3, 'UTC')}";
const BY_DIMENSION = "d.1 AS dimension, d.2 AS value, d.3 AS parent_country, d.4 AS parent_region";
const DIMENSION_GROUP = "dimension, value, parent_country, parent_region";
const COUNTS = "clicks, bots, head_requests, qr_scans, visitors";

/** The day's INSERT … SELECTs, each reading the day's clicks_v1 rows once. */
const WRITES = [
  // A link's breakdowns.
  `INSERT INTO link_dimensions_daily_v1
     (account_id, link_id, day, ${DIMENSION_GROUP}, retention_days, ${COUNTS})
   SELECT account_id, link_id, toDate(clicked_at) AS day, ${BY_DIMENSION}, max(retention_days), ${DAY_COUNTS_SQL}
     FROM clicks_v1 ARRAY JOIN ${dimensionArraySql()} AS d
    WHERE ${DAY_ROWS}
    GROUP BY account_id, link_id, day, ${DIMENSION_GROUP}`,
  // The account's breakdowns and totals (campaign_id '*').
  `INSERT INTO account_dimensions_daily_v1 (account_id, campaign_id, day, ${DIMENSION_GROUP}, retention_days, ${COUNTS})
   SELECT account_id, '*', toDate(clicked_at) AS day, ${BY_DIMENSION}, max(retention_days), ${DAY_COUNTS_SQL}
     FROM clicks_v1 ARRAY JOIN ${dimensionArraySql(undefined, ACCOUNT_ROWS)} AS d
    WHERE ${DAY_ROWS}
    GROUP BY account_id, day, ${DIMENSION_GROUP}`,
  // Each campaign's breakdowns and totals.
  `INSERT INTO account_dimensions_daily_v1 (account_id, campaign_id, day, ${DIMENSION_GROUP}, retention_days, ${COUNTS})
   SELECT account_id, campaign_id, toDate(clicked_at) AS day, ${BY_DIMENSION}, max(retention_days), ${DAY_COUNTS_SQL}
     FROM clicks_v1 ARRAY JOIN ${dimensionArraySql(undefined, ACCOUNT_ROWS)} AS d
    WHERE ${DAY_ROWS} AND campaign_id != ''
    GROUP BY account_id, campaign_id, day, ${DIMENSION_GROUP}`,
  // Each link's totals, latest click and destination; its tagged clicks; its QR requests alone.
  `INSERT INTO link_days_v1
     (account_id, day, link_id, host, code, campaign_id, retention_days, ${COUNTS}, last_click_at, destination_url,
      tagged_clicks, qr_bots, qr_head_requests, qr_visitors, last_qr_at, qr_destination_url)
   SELECT account_id, toDate(clicked_at) AS day, link_id, host, code, campaign_id, max(retention_days),
          ${DAY_COUNTS_SQL}, max(clicked_at), argMax(destination_url, clicked_at),
          countIf(${HUMAN} AND ${TAGGED}), countIf(${BOT} AND qr), countIf(${HEAD} AND qr),
          uniqExactIf(visitor_hash, ${HUMAN} AND qr), maxIf(clicked_at, qr), argMaxIf(destination_url, clicked_at, qr)
     FROM clicks_v1
    WHERE ${DAY_ROWS}
    GROUP BY account_id, day, link_id, host, code, campaign_id`,
];

/**
 * Rolls one UTC day of clicks_v1 into the job-written rollups, replacing what they held for it:
 * 1. counts each account's requests of the day (account_requests_daily_v1) — before reading the
 *    clicks, so a click arriving meanwhile leaves the day marked stale, never wrongly current;
 * 2. marks the day stale in dimension_days_v1 (reports read it from clicks_v1 and the view-fed
 *    rollups from then on);
 * 3. deletes what the tables held for the day, if it was rolled up before (a lightweight DELETE:
 *    only late clicks cause this), and writes the day again from clicks_v1;
 * 4. records the counts of step 1 and DIMENSIONS_VERSION: reports use the rows while the counts
 *    still match and the version is this one.
 * Returns how many requests the day held.
 */
export async function rollUpDimensionDay(store: ClickStore, dayMs: number, nowMs: number): Promise<number> {
  const day = dateOf(dayMs);
  const counts = await queryRows<{ account_id: string; n: unknown }>(
    store,
    "SELECT account_id, sum(requests) AS n FROM account_requests_daily_v1 WHERE day = {day:Date} GROUP BY account_id",
    { day },
  );
  const [earlier] = await queryRows<{ n: unknown }>(
    store,
    "SELECT count() AS n FROM dimension_days_v1 WHERE day = {day:Date}",
    { day },
  );
  await store.client.command({
    query: `INSERT INTO dimension_days_v1 (account_id, day, raw_rows, rolled_at)
            SELECT account_id, day, 0, greatest({at:DateTime64(3, 'UTC')}, rolled_at + toIntervalMillisecond(1))
              FROM dimension_days_v1 FINAL WHERE day = {day:Date}`,
    query_params: { day, at: toClickHouseTime(nowMs).slice(0, 23) },
  });
  if (num(earlier?.n) > 0) {
    for (const table of ROLLED_TABLES) {
      await store.client.command({
        query: `DELETE FROM ${table} WHERE day = {day:Date}`,
        query_params: { day },
      });
    }
  }
  const range = {
    from: toClickHouseTime(dayMs).slice(0, 23),
    to: toClickHouseTime(dayMs + DAY_MS).slice(0, 23),
  };
  for (const query of WRITES) await store.client.command({ query, query_params: range });
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
      rows: counts.map((row) => ({
        account_id: row.account_id,
        day,
        raw_rows: num(row.n),
        rolled_at: rolledAt,
        dimensions_version: DIMENSIONS_VERSION,
      })),
      columns: ["account_id", "day", "raw_rows", "rolled_at", "dimensions_version"],
    });
  }
  return counts.reduce((sum, row) => sum + num(row.n), 0);
}
