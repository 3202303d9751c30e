import type { ClickStore } from "@kurz/clickstore";
import type { LinkStats } from "../analytics/analytics-types";
import { countsOfRow, linkOfRow } from "./counts-of-row";
import type { DayCoverage } from "./find-rolled-days";
import { planReads, splitAtHourlyStart } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { hourlyRollupsOf, type QueryScope, RAW_DAY_COUNTS, scopeFilters } from "./query-scope";
import { dateOf, spansSql } from "./time-windows";

/**
 * The links of a QR-only scope with their QR requests' totals, most scanned first, each with the
 * host, code and destination of its latest QR request and that request's time. Rolled-up days
 * come from link_days_v1's QR columns (final counts), every other day from link_hours_v1's (or,
 * before it began, from clicks_v1's QR requests); the link's days are summed per link (visitors per day: a visitor id is per day).
 */
export async function getQrLinkTotals(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
  limit: number,
): Promise<LinkStats[]> {
  if (!scope.qrOnly) throw new Error("QR link totals are of a QR-only scope");
  const plan = planReads({ ...scope.range, granularity: "day" }, coverage);
  const sql: string[] = [];
  const params: Record<string, unknown> = {};
  if (plan.finalDays.length > 0) {
    const { clauses, params: p } = scopeFilters(
      { ...scope, qrOnly: false },
      { link: true, campaign: true, host: true },
    );
    Object.assign(params, p, { qrDays: plan.finalDays.map(dateOf) });
    sql.push(`SELECT link_id, host, code, qr_scans AS c, qr_bots AS b, qr_head_requests AS h, qr_scans AS q,
                     qr_visitors AS v, last_qr_at AS la, qr_destination_url AS dest
                FROM link_days_v1
               WHERE ${[...clauses, "day IN {qrDays:Array(Date)}", "qr_scans + qr_bots + qr_head_requests > 0"].join(" AND ")}`);
  }
  const { hourly, raw: rawSpans } = splitAtHourlyStart(
    [...plan.otherDays, ...plan.partial],
    hourlyRollupsOf(scope).links ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    const { clauses, params: p } = scopeFilters(
      { ...scope, qrOnly: false },
      { link: true, campaign: true, host: true },
    );
    const time = spansSql("hour", hourly, "qrHour", "DateTime");
    Object.assign(params, p, time.params);
    // Grouped per day like the raw rows: a link-hour without QR requests adds nothing.
    sql.push(`SELECT link_id, host, code, sum(qr_scans) AS c, sum(qr_bots) AS b, sum(qr_head_requests) AS h,
                     sum(qr_scans) AS q, uniqExactMerge(qr_visitors) AS v, max(last_qr_at) AS la,
                     argMaxMerge(qr_destination_url) AS dest
                FROM link_hours_v1 WHERE ${[...clauses, time.sql].join(" AND ")}
               GROUP BY link_id, host, code, toDate(hour)
              HAVING c + b + h > 0`);
  }
  if (rawSpans.length > 0) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
    const time = spansSql("clicked_at", rawSpans, "qrRaw", "DateTime64");
    Object.assign(params, p, time.params);
    sql.push(`SELECT link_id, host, code, ${RAW_DAY_COUNTS}, max(clicked_at) AS la,
                     argMax(destination_url, clicked_at) AS dest
                FROM clicks_v1 WHERE ${[...clauses, time.sql].join(" AND ")}
               GROUP BY link_id, host, code, toDate(clicked_at)`);
  }
  if (sql.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT link_id, argMax((host, code, dest), la) AS latest, latest.1 AS link_host, latest.2 AS link_code,
            latest.3 AS destination, sum(c) AS n_clicks, sum(v) AS n_visitors, sum(b) AS n_bots,
            sum(h) AS n_heads, sum(q) AS n_qr, toUnixTimestamp64Milli(max(la)) AS last_at
       FROM (${sql.join(" UNION ALL ")})
      GROUP BY link_id
      ORDER BY n_clicks DESC, link_id
      LIMIT {limit:UInt32}`,
    { ...params, limit },
  );
  return rows.map((row) => ({
    link: linkOfRow(row),
    counts: countsOfRow(row),
    destinationUrl: String(row.destination),
    lastClickAt: new Date(num(row.last_at)),
  }));
}
