import type { ClickStore } from "@kurz/clickstore";
import type { BreakdownEntry } from "../analytics/analytics-types";
import { DIMENSION_COUNTS_SQL, type Dimension, DIMENSIONS, dimensionArraySql } from "../rollups/dimension-values";
import { findRolledDays } from "./find-rolled-days";
import { num, queryRows } from "./query-rows";
import { needsRawClicks, type QueryScope, scopeFilters } from "./query-scope";
import { dateOf, type Span, spansSql, splitWindow } from "./time-windows";

export type { Dimension };

export interface BreakdownRequest {
  dimension: Dimension;
  limit: number;
  /** Human clicks of the whole scope, the denominator of `share`. */
  totalClicks: number;
}

/**
 * Several breakdowns of one scope in one statement: per dimension, the values with human
 * clicks, unique visitors, bots and HEAD requests, most clicked first. Whole days come from the
 * dimension rollups where they are current (find-rolled-days.ts) — per link for link scopes, per
 * account and campaign otherwise — and everything else from clicks_v1. Unique visitors are merged
 * per UTC day and summed (a visitor id is per day).
 */
export async function getBreakdowns(
  store: ClickStore,
  scope: QueryScope,
  requests: readonly BreakdownRequest[],
): Promise<Map<Dimension, BreakdownEntry[]>> {
  const result = new Map<Dimension, BreakdownEntry[]>(requests.map((r) => [r.dimension, []]));
  if (requests.length === 0) return result;
  const dimensions = [...new Set(requests.map((r) => r.dimension))];
  const split = splitWindow(scope.range);
  const rollup = needsRawClicks(scope) || scope.host !== undefined ? undefined : split.days;
  const coverage = rollup
    ? await findRolledDays(store, scope.accountId, rollup)
    : { rolled: [], unrolled: split.days ? [split.days] : [] };
  const rawSpans: Span[] = [...split.hours, ...coverage.unrolled];
  const sources: string[] = [];
  let params: Record<string, unknown> = { dimensions };
  if (coverage.rolled.length > 0) {
    const byLink = scope.linkIds !== undefined;
    const { clauses, params: p } = scopeFilters(scope, byLink ? { link: true } : { campaign: true });
    params = { ...params, ...p, rolledDays: coverage.rolled.map(dateOf) };
    sources.push(`SELECT dimension, value, parent_country, parent_region, day, clicks, bots, head_requests, visitors
                    FROM ${byLink ? "link_dimensions_daily_v1" : "account_dimensions_daily_v1"}
                   WHERE ${clauses.join(" AND ")} AND day IN {rolledDays:Array(Date)}
                     AND dimension IN {dimensions:Array(String)}`);
  }
  if (rawSpans.length > 0) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
    const time = spansSql("clicked_at", rawSpans, "rawTime", "DateTime64");
    params = { ...params, ...p, ...time.params };
    sources.push(`SELECT d.1 AS dimension, d.2 AS value, d.3 AS parent_country, d.4 AS parent_region,
                         toDate(clicked_at) AS day, ${DIMENSION_COUNTS_SQL}
                    FROM clicks_v1 ARRAY JOIN ${dimensionArraySql(dimensions)} AS d
                   WHERE ${[...clauses, time.sql].join(" AND ")}
                   GROUP BY dimension, value, parent_country, parent_region, day`);
  }
  if (sources.length === 0) return result;
  const limit = Math.max(...requests.map((r) => r.limit));
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT dimension, value, parent_country, parent_region, sum(c) AS n_clicks, sum(v) AS n_visitors,
            sum(b) AS n_bots, sum(h) AS n_heads
       FROM (
         SELECT dimension, value, parent_country, parent_region, day, sum(clicks) AS c, sum(bots) AS b,
                sum(head_requests) AS h, uniqCombinedMerge(12)(visitors) AS v
           FROM (${sources.join(" UNION ALL ")})
          GROUP BY dimension, value, parent_country, parent_region, day
       )
      GROUP BY dimension, value, parent_country, parent_region
      ORDER BY dimension, n_clicks DESC, n_bots DESC, n_heads DESC, value, parent_country, parent_region
      LIMIT {limit:UInt32} BY dimension`,
    { ...params, limit },
  );
  for (const request of requests) {
    const spec: { value: string; country?: boolean; region?: boolean } = DIMENSIONS[request.dimension];
    const entries = rows
      .filter((row) => row.dimension === request.dimension)
      .slice(0, request.limit)
      .map((row) => {
        const clicks = num(row.n_clicks);
        const entry: BreakdownEntry = {
          key: String(row.value ?? ""),
          clicks,
          uniqueVisitors: num(row.n_visitors),
          bots: num(row.n_bots),
          headRequests: num(row.n_heads),
          share: request.totalClicks > 0 ? clicks / request.totalClicks : 0,
        };
        if (spec.country) entry.country = String(row.parent_country ?? "");
        if (spec.region) entry.region = String(row.parent_region ?? "");
        return entry;
      });
    result.set(request.dimension, entries);
  }
  return result;
}
