import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import { num, queryRows } from "../queries/query-rows";
import { DIMENSIONS_VERSION } from "./roll-up-dimension-day";

/**
 * Finished UTC days (ending at or before `beforeMs`) whose dimension rollup is missing or stale
 * for some account: the day's requests in account_requests_daily_v1 differ from the count it was
 * rolled up with, or it was rolled up with an earlier set of dimensions. Newest first, so recent
 * reports speed up first after a backfill.
 */
export async function listStaleDimensionDays(store: ClickStore, beforeMs: number): Promise<number[]> {
  const rows = await queryRows<{ day_ms: unknown }>(
    store,
    `SELECT DISTINCT toUnixTimestamp(toDateTime(t.day, 'UTC')) * 1000 AS day_ms
       FROM (
         SELECT account_id, day, sum(requests) AS n
           FROM account_requests_daily_v1
          WHERE day < toDate({before:DateTime('UTC')})
          GROUP BY account_id, day
       ) AS t
       LEFT JOIN (SELECT account_id, day, raw_rows, dimensions_version FROM dimension_days_v1 FINAL) AS l
         ON t.account_id = l.account_id AND t.day = l.day
      WHERE l.raw_rows != t.n OR l.dimensions_version != {version:UInt16}
      ORDER BY day_ms DESC`,
    { before: toClickHouseTime(beforeMs).slice(0, 19), version: DIMENSIONS_VERSION },
  );
  return rows.map((row) => num(row.day_ms));
}
