import { BOT, HEAD, HUMAN, needsRawClicks, type QueryScope, scopeFilters } from "./query-scope";
import { type Span, spansSql, type WindowSplit } from "./time-windows";

/**
 * Where a scope's request counts come from, as SELECTs of the same columns — t (DateTime, the hour
 * or day), clicks, bots, heads, qrs, visitors (a uniqCombined(12) state of human visitors) — to be
 * read with UNION ALL:
 * - an account or a campaign: account_clicks_hourly_v1, every hour of the window;
 * - links or a host: link_clicks_daily_v1 for whole days, clicks_v1 by hour for the rest;
 * - QR-only and A/B scopes: clicks_v1 by hour.
 */
export function clickSources(scope: QueryScope, split: WindowSplit): { sql: string[]; params: Record<string, unknown> } {
  const raw = needsRawClicks(scope);
  const byLink = scope.linkIds !== undefined || scope.host !== undefined;
  const sql: string[] = [];
  let params: Record<string, unknown> = {};
  if (!raw && !byLink) {
    const spans: Span[] = [...(split.days ? [split.days] : []), ...split.hours];
    const { clauses, params: p } = scopeFilters(scope, { campaign: true });
    const time = spansSql("hour", spans, "acctHour", "DateTime");
    params = { ...p, ...time.params };
    sql.push(`SELECT hour AS t, clicks, bots, head_requests AS heads, qr_scans AS qrs, visitors
                FROM account_clicks_hourly_v1 WHERE ${[...clauses, time.sql].join(" AND ")}`);
    return { sql, params };
  }
  const rawSpans = raw ? [...(split.days ? [split.days] : []), ...split.hours] : split.hours;
  if (!raw && split.days) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true });
    const time = spansSql("day", [split.days], "linkDay", "Date");
    params = { ...params, ...p, ...time.params };
    sql.push(`SELECT toDateTime(day, 'UTC') AS t, clicks, bots, head_requests AS heads, qr_scans AS qrs, visitors
                FROM link_clicks_daily_v1 WHERE ${[...clauses, time.sql].join(" AND ")}`);
  }
  if (rawSpans.length > 0) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
    const time = spansSql("clicked_at", rawSpans, "rawTime", "DateTime64");
    params = { ...params, ...p, ...time.params };
    sql.push(`SELECT toStartOfHour(clicked_at) AS t, countIf(${HUMAN}) AS clicks, countIf(${BOT}) AS bots,
                     countIf(${HEAD}) AS heads, countIf(${HUMAN} AND qr) AS qrs,
                     uniqCombinedStateIf(12)(visitor_hash, ${HUMAN}) AS visitors
                FROM clicks_v1 WHERE ${[...clauses, time.sql].join(" AND ")} GROUP BY t`);
  }
  return { sql, params };
}
