import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import type { DayCoverage } from "./find-rolled-days";
import { planReads } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeFilters } from "./query-scope";
import { DAY_MS, dateOf, spansSql } from "./time-windows";

/**
 * Totals per host (standard short host, subdomains, branded domains) and how many links were
 * requested on each, one statement. Counts per host and day: account_dimensions_daily_v1's host
 * rows for rolled-up days, link_clicks_daily_v1 for other whole days, clicks_v1 for partial days;
 * links: link_clicks_daily_v1 and clicks_v1 (every link of every day is there).
 */
export async function getHostTotals(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
): Promise<Array<{ host: string; counts: ClickCounts; links: number }>> {
  const plan = planReads({ ...scope.range, granularity: "day" }, coverage);
  const { clauses, params } = scopeFilters(scope, { host: true });
  const where = (...more: string[]) => [...clauses, ...more].join(" AND ");
  const counts: string[] = [];
  if (plan.finalDays.length > 0) {
    params.hostDays = plan.finalDays.map(dateOf);
    const host = scope.host === undefined ? "" : " AND value = {host:String}";
    counts.push(`SELECT value AS host, day AS d, clicks AS c, bots AS b, head_requests AS h, qr_scans AS q, visitors AS v
                   FROM account_dimensions_daily_v1
                  WHERE account_id = {accountId:String} AND campaign_id = '*' AND day IN {hostDays:Array(Date)}
                    AND dimension = 'host'${host}`);
  }
  const otherDays = spansSql("day", plan.otherDays, "hostOther", "Date");
  const allDays = spansSql(
    "day",
    [...plan.otherDays, ...plan.finalDays.map((day) => ({ start: day, end: day + DAY_MS }))],
    "hostAll",
    "Date",
  );
  const partial = spansSql("clicked_at", plan.partial, "hostRaw", "DateTime64");
  Object.assign(params, otherDays.params, allDays.params, partial.params);
  if (plan.otherDays.length > 0) {
    counts.push(`SELECT host, day AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q,
                        uniqCombinedMerge(12)(visitors) AS v
                   FROM link_clicks_daily_v1 WHERE ${where(otherDays.sql)} GROUP BY host, d`);
  }
  if (plan.partial.length > 0) {
    counts.push(`SELECT host, toDate(clicked_at) AS d, countIf(${HUMAN}) AS c, countIf(${BOT}) AS b, countIf(${HEAD}) AS h,
                        countIf(${HUMAN} AND qr) AS q, uniqExactIf(visitor_hash, ${HUMAN}) AS v
                   FROM clicks_v1 WHERE ${where(partial.sql)} GROUP BY host, d`);
  }
  if (counts.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT t.host AS host, n_clicks, n_visitors, n_bots, n_heads, n_qr, l.n_links AS n_links
       FROM (
         SELECT host, sum(c) AS n_clicks, sum(v) AS n_visitors, sum(b) AS n_bots, sum(h) AS n_heads, sum(q) AS n_qr
           FROM (${counts.join(" UNION ALL ")}) GROUP BY host
       ) AS t
       LEFT JOIN (
         SELECT host, uniqExact(link_id) AS n_links FROM (
           SELECT host, link_id FROM link_clicks_daily_v1 WHERE ${where(allDays.sql)}
           UNION ALL
           SELECT host, link_id FROM clicks_v1 WHERE ${where(partial.sql)}
         ) GROUP BY host
       ) AS l ON t.host = l.host
      ORDER BY n_clicks DESC, host`,
    params,
  );
  return rows.map((row) => {
    const clicks = num(row.n_clicks);
    const bots = num(row.n_bots);
    const headRequests = num(row.n_heads);
    return {
      host: String(row.host),
      links: num(row.n_links),
      counts: {
        clicks,
        uniqueVisitors: num(row.n_visitors),
        bots,
        headRequests,
        totalRequests: clicks + bots + headRequests,
        qrScans: num(row.n_qr),
      },
    };
  });
}
