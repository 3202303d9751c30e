import { type ReadPlan, splitAtHourlyStart } from "./plan-reads";
import { hourlyRollupsOf, type QueryScope, RAW_DAY_COUNTS, scopeFilters } from "./query-scope";
import { dateOf, spansSql } from "./time-windows";

/**
 * A scope's requests per link and day, as aggregated SELECTs of the same columns — link_id,
 * host, code, d, c (human clicks), b (bots), h (HEAD), q (QR scans), v (unique visitors of the
 * day), la (latest click), dest (its destination) — from link_days_v1 for rolled-up days (final
 * counts), link_clicks_daily_v1 for other whole days, link_hours_v1 for partial days (clicks_v1
 * before it began). A day is in one source only. A link clicked under two hosts or codes on one day counts its visitors per host.
 */
export function linkSources(
  scope: QueryScope,
  plan: ReadPlan,
): { sql: string[]; params: Record<string, unknown> } {
  const { clauses, params } = scopeFilters(scope, { link: true, campaign: true, host: true });
  const sql: string[] = [];
  const where = (...more: string[]) => [...clauses, ...more].join(" AND ");
  if (plan.finalDays.length > 0) {
    params.linkDays = plan.finalDays.map(dateOf);
    // One row per link, host, code, campaign and day already: read as stored.
    sql.push(`SELECT link_id, host, code, day AS d, clicks AS c, bots AS b, head_requests AS h, qr_scans AS q,
                     visitors AS v, last_click_at AS la, destination_url AS dest
                FROM link_days_v1 WHERE ${where("day IN {linkDays:Array(Date)}")}`);
  }
  if (plan.otherDays.length > 0) {
    const time = spansSql("day", plan.otherDays, "linkDay", "Date");
    Object.assign(params, time.params);
    sql.push(`SELECT link_id, host, code, day AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h,
                     sum(qr_scans) AS q, uniqCombinedMerge(12)(visitors) AS v, max(last_click_at) AS la,
                     argMaxMerge(destination_url) AS dest
                FROM link_clicks_daily_v1 WHERE ${where(time.sql)}
               GROUP BY link_id, host, code, d`);
  }
  const { hourly, raw } = splitAtHourlyStart(
    plan.partial,
    hourlyRollupsOf(scope).links ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    const time = spansSql("hour", hourly, "linkHour", "DateTime");
    Object.assign(params, time.params);
    sql.push(`SELECT link_id, host, code, toDate(hour) AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h,
                     sum(qr_scans) AS q, uniqExactMerge(visitors) AS v, max(last_click_at) AS la,
                     argMaxMerge(destination_url) AS dest
                FROM link_hours_v1 WHERE ${where(time.sql)}
               GROUP BY link_id, host, code, d`);
  }
  if (raw.length > 0) {
    const time = spansSql("clicked_at", raw, "linkRaw", "DateTime64");
    Object.assign(params, time.params);
    sql.push(`SELECT link_id, host, code, toDate(clicked_at) AS d, ${RAW_DAY_COUNTS},
                     max(clicked_at) AS la, argMax(destination_url, clicked_at) AS dest
                FROM clicks_v1 WHERE ${where(time.sql)}
               GROUP BY link_id, host, code, d`);
  }
  return { sql, params };
}
