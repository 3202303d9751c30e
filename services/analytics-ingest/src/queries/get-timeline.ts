import type { ClickStore } from "@kurz/clickstore";
import type { Granularity, TimelinePoint } from "../analytics/analytics-types";
import { bucketStarts } from "../analytics/resolve-time-range";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

function bucketOf(granularity: Granularity, time: string): string {
  switch (granularity) {
    case "hour":
      return `toStartOfHour(${time})`;
    case "day":
      return `toStartOfDay(${time})`;
    case "week":
      return `toDateTime(toMonday(${time}), 'UTC')`;
    case "month":
      return `toDateTime(toStartOfMonth(${time}), 'UTC')`;
  }
}

/**
 * Where a timeline is counted: the hourly rollup, or the raw clicks for scopes the rollup cannot
 * narrow (QR scans, A/B tests).
 */
const SOURCES = {
  rollup: {
    table: "link_clicks_hourly_v1",
    time: "hour",
    counts: `sum(clicks) AS n_clicks, uniqMerge(visitors) AS n_visitors, sum(bots) AS n_bots,
             sum(head_requests) AS n_heads`,
  },
  raw: {
    table: "clicks_v1",
    time: "clicked_at",
    counts: `countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
             countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads`,
  },
} as const;

/** Clicks per bucket, every bucket of the range present (zeros included). */
export async function getTimeline(
  store: ClickStore,
  scope: QueryScope,
  from: keyof typeof SOURCES = "rollup",
): Promise<TimelinePoint[]> {
  const source = SOURCES[from];
  const { where, params } = scopeSql(scope, source.time);
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toUnixTimestamp(${bucketOf(scope.range.granularity, source.time)}) * 1000 AS bucket,
            ${source.counts}
       FROM ${source.table}
      WHERE ${where}
      GROUP BY bucket
      ORDER BY bucket`,
    params,
  );
  const byBucket = new Map(rows.map((row) => [num(row.bucket), row]));
  return bucketStarts(scope.range).map((start) => {
    const row = byBucket.get(start);
    return {
      start: new Date(start),
      clicks: num(row?.n_clicks),
      uniqueVisitors: num(row?.n_visitors),
      bots: num(row?.n_bots),
      headRequests: num(row?.n_heads),
    };
  });
}
