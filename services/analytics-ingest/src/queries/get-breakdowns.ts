import type { ClickStore } from "@kurz/clickstore";
import type { BreakdownEntry } from "../analytics/analytics-types";
import {
  DIMENSIONS,
  type Dimension,
  dimensionArraySql,
  dimensionTupleSql,
  isQrDimension,
} from "../rollups/dimension-values";
import type { DayCoverage } from "./find-rolled-days";
import { planReads, splitAtHourlyStart } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, hourlyRollupsOf, type QueryScope, scopeFilters } from "./query-scope";
import { dateOf, spansSql } from "./time-windows";

export type { Dimension };

export interface BreakdownRequest {
  dimension: Dimension;
  limit: number;
}

/**
 * Several breakdowns of one scope in one statement: per dimension, the values with human
 * clicks, unique visitors, bots and HEAD requests, most clicked first. Rolled-up days come from
 * the dimension rollups (per link for a single link, per account or campaign otherwise) with
 * final counts; every other day from the insert-fed hourly dimension rollups of the same scope
 * (merged per day), or from clicks_v1 before they began and for scopes they cannot narrow (hosts,
 * A/B tests, a campaign's links). Unique visitors are per UTC day and summed (a
 * visitor id is per day). `totalClicks`, the human clicks of the whole scope, is the denominator
 * of `share`; it may still be on its way (the report's totals, read at the same time).
 */
export async function getBreakdowns(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
  requests: readonly BreakdownRequest[],
  totalClicks: number | Promise<number> = 0,
): Promise<Map<Dimension, BreakdownEntry[]>> {
  // Handled here too, so a failed totals read is not unhandled when this query fails first.
  if (totalClicks instanceof Promise) totalClicks.catch(() => undefined);
  const result = new Map<Dimension, BreakdownEntry[]>(requests.map((r) => [r.dimension, []]));
  if (requests.length === 0) return result;
  const dimensions = [...new Set(requests.map((r) => r.dimension))];
  const plan = planReads({ ...scope.range, granularity: "day" }, coverage);
  const sources: string[] = [];
  let params: Record<string, unknown> = { dimensions };
  if (plan.finalDays.length > 0) {
    // The rollups' other dimensions count every request: a QR-only scope reads only its own.
    if (scope.qrOnly && !dimensions.every(isQrDimension))
      throw new Error("a QR-only scope reads only the QR dimensions from the rollups");
    const byLink = scope.linkIds !== undefined;
    params = {
      ...params,
      accountId: scope.accountId,
      linkIds: scope.linkIds ?? [],
      campaignKey: scope.campaignId ?? "*",
      rolledDays: plan.finalDays.map(dateOf),
    };
    sources.push(`SELECT dimension, value, parent_country, parent_region, day AS day_of, clicks AS c, bots AS b,
                         head_requests AS h, visitors AS v
                    FROM ${byLink ? "link_dimensions_daily_v1" : "account_dimensions_daily_v1"}
                   WHERE account_id = {accountId:String}
                     AND ${byLink ? "link_id IN {linkIds:Array(String)}" : "campaign_id = {campaignKey:String}"}
                     AND day IN {rolledDays:Array(Date)} AND dimension IN {dimensions:Array(String)}`);
  }
  const rollups = hourlyRollupsOf(scope);
  const { hourly, raw: rawSpans } = splitAtHourlyStart(
    [...plan.otherDays, ...plan.partial],
    rollups.dimensions ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    // As the job's rollups: a QR-only scope reads only the QR dimensions (the others count
    // every request).
    if (scope.qrOnly && !dimensions.every(isQrDimension))
      throw new Error("a QR-only scope reads only the QR dimensions from the rollups");
    const byLink = rollups.dimensions === "link";
    const time = spansSql("hour", hourly, "hourlyTime", "DateTime");
    params = {
      ...params,
      ...time.params,
      accountId: scope.accountId,
      linkIds: scope.linkIds ?? [],
      campaignKey: scope.campaignId ?? "*",
    };
    sources.push(`SELECT dimension, value, parent_country, parent_region, toDate(hour) AS day_of, sum(clicks) AS c,
                         sum(bots) AS b, sum(head_requests) AS h, uniqExactMerge(visitors) AS v
                    FROM ${byLink ? "link_dimensions_hourly_v2" : "account_dimensions_hourly_v2"}
                   WHERE account_id = {accountId:String}
                     AND ${byLink ? "link_id IN {linkIds:Array(String)}" : "campaign_id = {campaignKey:String}"}
                     AND dimension IN {dimensions:Array(String)} AND ${time.sql}
                   GROUP BY dimension, value, parent_country, parent_region, day_of`);
  }
  if (rawSpans.length > 0) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
    const time = spansSql("clicked_at", rawSpans, "rawTime", "DateTime64");
    params = { ...params, ...p, ...time.params };
    // One dimension needs no ARRAY JOIN: its tuple is read in place.
    const single = dimensions.length === 1 ? dimensionTupleSql(dimensions[0] as Dimension) : undefined;
    const d = (i: number) => (single ? `tupleElement(${single}, ${i})` : `d.${i}`);
    sources.push(`SELECT ${d(1)} AS dimension, ${d(2)} AS value, ${d(3)} AS parent_country, ${d(4)} AS parent_region,
                         toDate(clicked_at) AS day_of, countIf(${HUMAN}) AS c, countIf(${BOT}) AS b,
                         countIf(${HEAD}) AS h, uniqExactIf(visitor_hash, ${HUMAN}) AS v
                    FROM clicks_v1 ${single ? "" : `ARRAY JOIN ${dimensionArraySql(dimensions)} AS d`}
                   WHERE ${[...clauses, time.sql, ...(single ? [d(5)] : [])].join(" AND ")}
                   GROUP BY dimension, value, parent_country, parent_region, day_of`);
  }
  if (sources.length === 0) return result;
  const limit = Math.max(...requests.map((r) => r.limit));
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT dimension, value, parent_country, parent_region, sum(c) AS n_clicks, sum(v) AS n_visitors,
            sum(b) AS n_bots, sum(h) AS n_heads
       FROM (${sources.join(" UNION ALL ")})
      GROUP BY dimension, value, parent_country, parent_region
      ORDER BY dimension, n_clicks DESC, n_bots DESC, n_heads DESC, value, parent_country, parent_region
      LIMIT {limit:UInt32} BY dimension`,
    { ...params, limit },
  );
  const total = await totalClicks;
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
          share: total > 0 ? clicks / total : 0,
        };
        if (spec.country) entry.country = String(row.parent_country ?? "");
        if (spec.region) entry.region = String(row.parent_region ?? "");
        return entry;
      });
    result.set(request.dimension, entries);
  }
  return result;
}
