import type { ClickStore } from "@kurz/clickstore";
import { DIMENSIONS_VERSION } from "../rollups/roll-up-dimension-day";
import { num, queryRows } from "./query-rows";
import type { Span } from "./time-windows";

export interface DayCoverage {
  /** Days (epoch ms at midnight) the job-written rollups answer for the account. */
  rolled: Set<number>;
  /** Days with requests of the account that are not rolled up (today, stale days). */
  unrolled: Set<number>;
}

/**
 * Which whole days of an account's window the job-written rollups answer: those whose recorded
 * request count (dimension_days_v1) equals the account's requests of the day now
 * (account_requests_daily_v1), rolled up with this version's dimensions. Days without requests
 * are in neither set: nothing is read for them.
 */
export async function findRolledDays(store: ClickStore, accountId: string, days: Span): Promise<DayCoverage> {
  const rows = await queryRows<{ day_ms: unknown; rolled: unknown }>(
    store,
    `SELECT toUnixTimestamp(toDateTime(t.day, 'UTC')) * 1000 AS day_ms,
            l.raw_rows = t.n AND l.dimensions_version = {version:UInt16} AS rolled
       FROM (
         SELECT day, sum(requests) AS n FROM account_requests_daily_v1
          WHERE account_id = {accountId:String} AND day >= {coverFrom:Date} AND day < {coverTo:Date} GROUP BY day
       ) AS t
       LEFT JOIN (
         SELECT day, raw_rows, dimensions_version FROM dimension_days_v1 FINAL
          WHERE account_id = {accountId:String} AND day >= {coverFrom:Date} AND day < {coverTo:Date}
       ) AS l ON t.day = l.day`,
    {
      accountId,
      version: DIMENSIONS_VERSION,
      coverFrom: new Date(days.start).toISOString().slice(0, 10),
      coverTo: new Date(days.end).toISOString().slice(0, 10),
    },
  );
  const coverage: DayCoverage = { rolled: new Set(), unrolled: new Set() };
  for (const row of rows) (num(row.rolled) === 1 ? coverage.rolled : coverage.unrolled).add(num(row.day_ms));
  return coverage;
}
