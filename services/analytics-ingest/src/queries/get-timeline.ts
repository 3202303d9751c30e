import type { ClickStore } from "@kurz/clickstore";
import type { Granularity, TimelinePoint } from "../analytics/analytics-types";
import { bucketStarts } from "../analytics/resolve-time-range";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

const BUCKET: Record<Granularity, string> = {
  hour: "toStartOfHour(hour)",
  day: "toStartOfDay(hour)",
  week: "toDateTime(toMonday(hour), 'UTC')",
  month: "toDateTime(toStartOfMonth(hour), 'UTC')",
};

/** Clicks per bucket from the hourly rollup, every bucket of the range present (zeros included). */
export async function getTimeline(store: ClickStore, scope: QueryScope): Promise<TimelinePoint[]> {
  const { where, params } = scopeSql(scope, "hour");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toUnixTimestamp(${BUCKET[scope.range.granularity]}) * 1000 AS bucket,
            sum(clicks) AS n_clicks, uniqMerge(visitors) AS n_visitors, sum(bots) AS n_bots,
            sum(head_requests) AS n_heads
       FROM link_clicks_hourly_v1
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
