import type { Granularity } from "../analytics/analytics-types";
import { type ReadPlan, splitAtHourlyStart } from "./plan-reads";
import {
  hourlyRollupsOf,
  isAccountScope,
  needsRawClicks,
  type QueryScope,
  RAW_DAY_COUNTS,
  scopeFilters,
} from "./query-scope";
import { dateOf, type Span, spansSql } from "./time-windows";

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

const TOTAL_BUCKET = "toDateTime(0, 'UTC')";

/**
 * A QR-only scope's rolled-up days: the `qr` dimension's rows (QR requests only) of the
 * account's or campaign's rollup, or of a link's.
 */
function qrDaily(
  scope: QueryScope,
  days: string,
  add: (part: { clauses: string[]; params: Record<string, unknown> }) => string[],
): string {
  const counts =
    "sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q, sum(visitors) AS v";
  if (scope.linkIds === undefined) {
    return `SELECT day AS d, ${counts} FROM account_dimensions_daily_v1
             WHERE account_id = {accountId:String} AND campaign_id = {campaignKey:String} AND ${days}
               AND dimension = 'qr' GROUP BY d`;
  }
  // The link's rows of the `qr` dimension are its QR requests: the table has no qr column.
  return `SELECT day AS d, ${counts} FROM link_dimensions_daily_v1
           WHERE ${add(scopeFilters({ ...scope, qrOnly: false }, { link: true }))
             .concat(days, "dimension = 'qr'")
             .join(" AND ")} GROUP BY d`;
}

/**
 * A scope's counts over a plan, as aggregated SELECTs of the same columns
 * (p, is_total, bucket_key, d, c, b, h, q, v): `p` the period (1 before the `currentStart`
 * parameter, the previous period; 0 from it on), per bucket and day (is_total 0) and per day (is_total 1)
 * the human clicks c, bots b, HEAD requests h, QR scans q and unique visitors v of that day.
 * Days never appear in two sources, so summing rows is exact; a day two periods share is partial
 * in both plans, so whole-day rows belong to one period. Sources:
 * - rolled-up days: account_dimensions_daily_v1 totals (accounts, campaigns) or link_days_v1 (a
 *   link): final counts; for a QR-only scope, the `qr` dimension of the account's, campaign's or
 *   link's dimension rollup;
 * - other days and hours: account_clicks_hourly_v1 (accounts, campaigns), or link_clicks_daily_v1
 *   for whole days and link_hours_v1 for partial ones (links, hosts); for QR-only scopes the 'qr'
 *   rows of the hourly dimension rollups. Hours before those insert-fed hourly rollups began
 *   (QueryScope.hourlyFrom), and A/B scopes, from clicks_v1.
 */
export function totalsSources(
  scope: QueryScope,
  plan: ReadPlan,
  granularity: Granularity,
): { sql: string[]; params: Record<string, unknown> } {
  const prefix = "totals";
  const period = (time: string) => `(${time} < {currentStart:DateTime('UTC')})`;
  const sql: string[] = [];
  const params: Record<string, unknown> = {};
  const bucket = (time: string) => bucketOf(granularity, time);
  const byBucketAndDay = (select: string, from: string) =>
    `SELECT p, grouping(bucket) AS is_total, if(is_total = 1, ${TOTAL_BUCKET}, bucket) AS bucket_key, d, ${select}
       FROM ${from} GROUP BY GROUPING SETS ((p, bucket, d), (p, d))`;
  const account = isAccountScope(scope);
  const add = (part: { clauses: string[]; params: Record<string, unknown> }) => {
    Object.assign(params, part.params);
    return part.clauses;
  };

  if (plan.finalDays.length > 0) {
    params[`${prefix}Days`] = plan.finalDays.map(dateOf);
    const days = `day IN {${prefix}Days:Array(Date)}`;
    const daily = scope.qrOnly
      ? qrDaily(scope, days, add)
      : account
        ? `SELECT day AS d, clicks AS c, bots AS b, head_requests AS h, qr_scans AS q, visitors AS v
           FROM account_dimensions_daily_v1
          WHERE account_id = {accountId:String} AND campaign_id = {campaignKey:String} AND ${days} AND dimension = ''`
        : `SELECT day AS d, sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q, sum(visitors) AS v
           FROM link_days_v1 WHERE ${add(scopeFilters(scope, { link: true }))
             .concat(days)
             .join(" AND ")} GROUP BY d`;
    params.accountId = scope.accountId;
    params.campaignKey = scope.campaignId ?? "*";
    sql.push(`SELECT ${period("toDateTime(d, 'UTC')")} AS p, is_total, if(is_total = 1, ${TOTAL_BUCKET}, ${bucket("toDateTime(d, 'UTC')")}) AS bucket_key,
                     d, c, b, h, q, v
                FROM (${daily}) ARRAY JOIN [0, 1] AS is_total`);
  }
  const hourly: Span[] = [...plan.otherDays, ...plan.partial];
  if (account) {
    if (hourly.length > 0) {
      const time = spansSql("hour", hourly, `${prefix}Hour`, "DateTime");
      const clauses = add(scopeFilters(scope, { campaign: true }));
      Object.assign(params, time.params);
      sql.push(
        byBucketAndDay(
          `sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q,
           uniqCombinedMerge(12)(visitors) AS v`,
          `(SELECT ${period("hour")} AS p, ${bucket("hour")} AS bucket, toDate(hour) AS d, * FROM account_clicks_hourly_v1
             WHERE ${[...clauses, time.sql].join(" AND ")})`,
        ),
      );
    }
    return { sql, params };
  }
  const raw = needsRawClicks(scope);
  const wholeDays = raw ? [] : plan.otherDays;
  const rollups = hourlyRollupsOf(scope);
  // A QR-only scope's hours are its 'qr' dimension rows; other scopes' the links' hours.
  const fromRollups = scope.qrOnly ? rollups.dimensions !== undefined : rollups.links;
  const { hourly: rolledHours, raw: rawSpans } = splitAtHourlyStart(
    raw ? hourly : plan.partial,
    fromRollups ? scope.hourlyFrom : undefined,
  );
  if (rolledHours.length > 0) {
    const time = spansSql("hour", rolledHours, `${prefix}Rolled`, "DateTime");
    Object.assign(params, time.params);
    const { table, clauses, counts } = scope.qrOnly
      ? {
          table: rollups.dimensions === "link" ? "link_dimensions_hourly_v2" : "account_dimensions_hourly_v2",
          clauses:
            rollups.dimensions === "link"
              ? add(scopeFilters({ ...scope, qrOnly: false }, { link: true })).concat("dimension = 'qr'")
              : ["account_id = {accountId:String}", "campaign_id = {campaignKey:String}", "dimension = 'qr'"],
          // A 'qr' row's human requests are the scans.
          counts: "sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(clicks) AS q",
        }
      : {
          table: "link_hours_v1",
          clauses: add(scopeFilters(scope, { link: true, campaign: true, host: true })),
          counts: "sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q",
        };
    params.accountId = scope.accountId;
    params.campaignKey = scope.campaignId ?? "*";
    sql.push(
      byBucketAndDay(
        `${counts}, uniqExactMerge(visitors) AS v`,
        `(SELECT ${period("hour")} AS p, ${bucket("hour")} AS bucket, toDate(hour) AS d, * FROM ${table}
           WHERE ${[...clauses, time.sql].join(" AND ")})`,
      ),
    );
  }
  if (wholeDays.length > 0) {
    const time = spansSql("day", wholeDays, `${prefix}Day`, "Date");
    const clauses = add(scopeFilters(scope, { link: true, campaign: true, host: true }));
    Object.assign(params, time.params);
    sql.push(
      byBucketAndDay(
        `sum(clicks) AS c, sum(bots) AS b, sum(head_requests) AS h, sum(qr_scans) AS q,
         uniqCombinedMerge(12)(visitors) AS v`,
        `(SELECT ${period("toDateTime(day, 'UTC')")} AS p, ${bucket("toDateTime(day, 'UTC')")} AS bucket, day AS d, *
             FROM link_clicks_daily_v1
           WHERE ${[...clauses, time.sql].join(" AND ")})`,
      ),
    );
  }
  if (rawSpans.length > 0) {
    const time = spansSql("clicked_at", rawSpans, `${prefix}Raw`, "DateTime64");
    const clauses = add(scopeFilters(scope, { link: true, campaign: true, host: true, raw: true }));
    Object.assign(params, time.params);
    sql.push(
      byBucketAndDay(
        RAW_DAY_COUNTS,
        `(SELECT ${period("clicked_at")} AS p, ${bucket("clicked_at")} AS bucket, toDate(clicked_at) AS d, *
             FROM clicks_v1
           WHERE ${[...clauses, time.sql].join(" AND ")})`,
      ),
    );
  }
  return { sql, params };
}
