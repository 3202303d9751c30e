import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import { countsOfRow } from "./counts-of-row";
import { splitAtHourlyStart } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { hourlyRollupsOf, type QueryScope, RAW_DAY_COUNTS, scopeFilters } from "./query-scope";
import { spansSql, splitWindow } from "./time-windows";

/**
 * Totals per host (standard short host, subdomains, branded domains) and how many links were
 * requested on each, one statement: per host and day from link_clicks_daily_v1 for whole days
 * and link_hours_v1 for partial ones (clicks_v1 before it began; unique visitors per day, summed).
 */
export async function getHostTotals(
  store: ClickStore,
  scope: QueryScope,
): Promise<Array<{ host: string; counts: ClickCounts; links: number }>> {
  const split = splitWindow(scope.range);
  const { clauses, params } = scopeFilters(scope, { host: true });
  const where = (more: string) => [...clauses, more].join(" AND ");
  const sources: string[] = [];
  if (split.days) {
    const days = spansSql("day", [split.days], "hostDay", "Date");
    Object.assign(params, days.params);
    sources.push(`SELECT host, day AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q,
                         uniqCombinedMerge(12)(visitors) AS v, uniqExactState(link_id) AS l
                    FROM link_clicks_daily_v1 WHERE ${where(days.sql)} GROUP BY host, d`);
  }
  const { hourly, raw } = splitAtHourlyStart(
    split.hours,
    hourlyRollupsOf(scope).links ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    const hours = spansSql("hour", hourly, "hostHour", "DateTime");
    Object.assign(params, hours.params);
    sources.push(`SELECT host, toDate(hour) AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h,
                         sum(qr_scans) AS q, uniqExactMerge(visitors) AS v, uniqExactState(link_id) AS l
                    FROM link_hours_v1 WHERE ${where(hours.sql)} GROUP BY host, d`);
  }
  if (raw.length > 0) {
    const partial = spansSql("clicked_at", raw, "hostRaw", "DateTime64");
    Object.assign(params, partial.params);
    sources.push(`SELECT host, toDate(clicked_at) AS d, ${RAW_DAY_COUNTS},
                         uniqExactState(link_id) AS l
                    FROM clicks_v1 WHERE ${where(partial.sql)} GROUP BY host, d`);
  }
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT host, sum(c) AS n_clicks, sum(v) AS n_visitors, sum(b) AS n_bots, sum(h) AS n_heads, sum(q) AS n_qr,
            uniqExactMerge(l) AS n_links
       FROM (${sources.join(" UNION ALL ")})
      GROUP BY host
      ORDER BY n_clicks DESC, host`,
    params,
  );
  return rows.map((row) => {
    return {
      host: String(row.host),
      links: num(row.n_links),
      counts: countsOfRow(row),
    };
  });
}
