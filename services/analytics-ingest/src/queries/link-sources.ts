import { BOT, HEAD, HUMAN, type QueryScope, scopeFilters } from "./query-scope";
import { spansSql, type WindowSplit } from "./time-windows";

/**
 * A scope's requests per link, as SELECTs of the same columns — link_id, host, code, t (DateTime),
 * clicks, bots, heads, qr, visitors (uniqCombined(12) state), last_at (latest click) and
 * destination (argMax state of the destination by click time) — to be read with UNION ALL:
 * link_clicks_daily_v1 for whole days, clicks_v1 by hour for the partial days.
 */
export function linkSources(scope: QueryScope, split: WindowSplit): { sql: string[]; params: Record<string, unknown> } {
  const { clauses, params: filterParams } = scopeFilters(scope, { link: true, campaign: true, host: true });
  const sql: string[] = [];
  let params: Record<string, unknown> = { ...filterParams };
  if (split.days) {
    const time = spansSql("day", [split.days], "linkDay", "Date");
    params = { ...params, ...time.params };
    sql.push(`SELECT link_id, host, code, toDateTime(day, 'UTC') AS t, clicks, bots, head_requests AS heads,
                     qr_scans AS qrs, visitors, last_click_at AS last_at, destination_url AS destination
                FROM link_clicks_daily_v1 WHERE ${[...clauses, time.sql].join(" AND ")}`);
  }
  if (split.hours.length > 0) {
    const time = spansSql("clicked_at", split.hours, "rawTime", "DateTime64");
    params = { ...params, ...time.params };
    sql.push(`SELECT link_id, host, code, toStartOfHour(clicked_at) AS t, countIf(${HUMAN}) AS clicks,
                     countIf(${BOT}) AS bots, countIf(${HEAD}) AS heads, countIf(${HUMAN} AND qr) AS qrs,
                     uniqCombinedStateIf(12)(visitor_hash, ${HUMAN}) AS visitors, max(clicked_at) AS last_at,
                     argMaxState(destination_url, clicked_at) AS destination
                FROM clicks_v1 WHERE ${[...clauses, time.sql].join(" AND ")}
               GROUP BY link_id, host, code, t`);
  }
  return { sql, params };
}
