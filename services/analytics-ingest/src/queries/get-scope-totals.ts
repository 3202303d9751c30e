import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts, Granularity, TimelinePoint } from "../analytics/analytics-types";
import { bucketStarts } from "../analytics/resolve-time-range";
import { clickSources } from "./click-sources";
import { num, queryRows } from "./query-rows";
import type { QueryScope } from "./query-scope";
import { splitWindow } from "./time-windows";

export function bucketOf(granularity: Granularity, time: string): string {
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
 * A scope's totals and its timeline (every bucket of the range, zeros included) in one statement
 * over the rollups (click-sources.ts). Unique visitors are counted per UTC day and summed: the
 * visitor id is salted per day, so a visitor of two days is two visitors anyway.
 */
export async function getScopeTotals(
  store: ClickStore,
  scope: QueryScope,
): Promise<{ counts: ClickCounts; timeline: TimelinePoint[] }> {
  const granularity = scope.range.granularity;
  const { sql, params } = clickSources(scope, splitWindow(scope.range, granularity !== "hour"));
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT toUnixTimestamp(bucket) * 1000 AS bucket_ms, is_total, sum(c) AS n_clicks, sum(b) AS n_bots,
            sum(h) AS n_heads, sum(q) AS n_qr, sum(v) AS n_visitors
       FROM (
         SELECT ${bucketOf(granularity, "t")} AS bucket, toDate(t) AS d, grouping(bucket) AS is_total,
                sum(clicks) AS c, sum(bots) AS b, sum(heads) AS h, sum(qrs) AS q,
                uniqCombinedMerge(12)(visitors) AS v
           FROM (${sql.join(" UNION ALL ")})
          GROUP BY GROUPING SETS ((bucket, d), (d))
       )
      GROUP BY bucket, is_total`,
    params,
  );
  const total = rows.find((row) => num(row.is_total) === 1);
  const byBucket = new Map(rows.filter((row) => num(row.is_total) === 0).map((row) => [num(row.bucket_ms), row]));
  const clicks = num(total?.n_clicks);
  const bots = num(total?.n_bots);
  const headRequests = num(total?.n_heads);
  return {
    counts: {
      clicks,
      uniqueVisitors: num(total?.n_visitors),
      bots,
      headRequests,
      totalRequests: clicks + bots + headRequests,
      qrScans: num(total?.n_qr),
    },
    timeline: bucketStarts(scope.range).map((start) => {
      const row = byBucket.get(start);
      return {
        start: new Date(start),
        clicks: num(row?.n_clicks),
        uniqueVisitors: num(row?.n_visitors),
        bots: num(row?.n_bots),
        headRequests: num(row?.n_heads),
      };
    }),
  };
}
