import type { ClickStore } from "@kurz/clickstore";
import type { Granularity, TimelinePoint } from "../analytics/analytics-types";
import { bucketStarts } from "../analytics/resolve-time-range";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

const BUCKET: Record<Granularity, string> = {
  hour: "toStartOfHour(clicked_at)",
  day: "toStartOfDay(clicked_at)",
  week: "toDateTime(toMonday(clicked_at), 'UTC')",
  month: "toDateTime(toStartOfMonth(clicked_at), 'UTC')",
};

/** Clicks per bucket from the raw clicks, for scopes the rollup cannot narrow (QR scans, A/B tests). */
export async function getRawTimeline(store: ClickStore, scope: QueryScope): Promise<TimelinePoint[]> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toUnixTimestamp(${BUCKET[scope.range.granularity]}) * 1000 AS bucket,
            countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
            countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads
       FROM clicks_v1
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
