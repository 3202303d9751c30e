import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts, ResolvedRange, TimelinePoint } from "../analytics/analytics-types";
import { bucketStarts } from "../analytics/resolve-time-range";
import { toClickHouseTime } from "../ingest/click-row";
import { countsOfRow } from "./counts-of-row";
import type { DayCoverage } from "./find-rolled-days";
import { planReads, type ReadPlan } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { isAccountScope, type QueryScope } from "./query-scope";
import { totalsSources } from "./totals-sources";

/**
 * A scope's totals and its timeline (every bucket of the range, zeros included) in one statement
 * (totals-sources.ts). Unique visitors are per UTC day and summed: the visitor id is salted per
 * day, so a visitor of two days is two visitors anyway. With `previous`, the same statement
 * also counts that window (the overview's previous period; accounts and campaigns only).
 * `coverage` (plan-reads.ts, accounts and campaigns only) must cover the whole days of every
 * window read.
 */
export async function getScopeTotals(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
  options: { previous?: ResolvedRange } = {},
): Promise<{ counts: ClickCounts; timeline: TimelinePoint[]; previous?: ClickCounts }> {
  const granularity = scope.range.granularity;
  if (options.previous && !isAccountScope(scope)) {
    throw new Error("a previous period is counted for accounts and campaigns only");
  }
  // Links count from their daily view-fed rollup whatever the coverage: a link's days are few
  // rows, and its rolled-up days would cost the coverage query for nothing. QR scans have no
  // view-fed rollup: their rolled-up days are read wherever the coverage says.
  const days = isAccountScope(scope) || scope.qrOnly ? coverage : undefined;
  const current = planReads(scope.range, days);
  const before = options.previous ? planReads(options.previous, days) : undefined;
  // Both periods in the same source reads: each row knows its period by its time.
  const plan: ReadPlan = before
    ? {
        finalDays: [...before.finalDays, ...current.finalDays],
        otherDays: [...before.otherDays, ...current.otherDays],
        partial: [...before.partial, ...current.partial],
      }
    : current;
  const { sql, params } = totalsSources(scope, plan, granularity);
  const sources = sql;
  const rows =
    sources.length === 0
      ? []
      : await queryRows<Record<string, unknown>>(
          store,
          `SELECT toUnixTimestamp(bucket_key) * 1000 AS bucket_ms, is_total, p, sum(c) AS n_clicks, sum(b) AS n_bots,
                  sum(h) AS n_heads, sum(q) AS n_qr, sum(v) AS n_visitors
             FROM (${sources.join(" UNION ALL ")})
            GROUP BY bucket_key, is_total, p`,
          { ...params, currentStart: toClickHouseTime(scope.range.start.getTime()).slice(0, 19) },
        );
  const of = (p: number, total: number) =>
    rows.filter((row) => num(row.p) === p && num(row.is_total) === total);
  const byBucket = new Map(of(0, 0).map((row) => [num(row.bucket_ms), row]));
  return {
    counts: countsOfRow(of(0, 1)[0]),
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
    ...(options.previous ? { previous: countsOfRow(of(1, 1)[0]) } : {}),
  };
}
