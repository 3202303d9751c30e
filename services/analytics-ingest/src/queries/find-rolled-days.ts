import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";
import { DAY_MS, type Span, spansSql } from "./time-windows";

export interface DayCoverage {
  /** Days whose dimension rollup is current for the account (epoch ms at midnight). */
  rolled: number[];
  /** Days with requests of the account that must be read from clicks_v1, merged into spans. */
  unrolled: Span[];
}

/**
 * Which whole days of an account's window the dimension rollups answer: those whose recorded
 * request count (dimension_days_v1) equals the account's requests of the day now. Days without
 * requests are in neither list: nothing is read for them.
 */
export async function findRolledDays(store: ClickStore, accountId: string, days: Span): Promise<DayCoverage> {
  const hours = spansSql("hour", [days], "coverHour", "DateTime");
  const rows = await queryRows<{ day_ms: unknown; rolled: unknown }>(
    store,
    `SELECT toUnixTimestamp(toDateTime(t.day, 'UTC')) * 1000 AS day_ms, l.raw_rows = t.n AS rolled
       FROM (
         SELECT toDate(hour) AS day, sum(clicks + bots + head_requests) AS n FROM account_clicks_hourly_v1
          WHERE account_id = {accountId:String} AND ${hours.sql} GROUP BY day
       ) AS t
       LEFT JOIN (
         SELECT day, raw_rows FROM dimension_days_v1 FINAL
          WHERE account_id = {accountId:String} AND day >= {coverFrom:Date} AND day < {coverTo:Date}
       ) AS l ON t.day = l.day
      ORDER BY day_ms`,
    {
      ...hours.params,
      accountId,
      coverFrom: new Date(days.start).toISOString().slice(0, 10),
      coverTo: new Date(days.end).toISOString().slice(0, 10),
    },
  );
  const rolled: number[] = [];
  const unrolled: Span[] = [];
  for (const row of rows) {
    const day = num(row.day_ms);
    if (num(row.rolled) === 1) {
      rolled.push(day);
      continue;
    }
    const last = unrolled[unrolled.length - 1];
    if (last && last.end === day) last.end = day + DAY_MS;
    else unrolled.push({ start: day, end: day + DAY_MS });
  }
  return { rolled, unrolled };
}
