import type { ResolvedRange } from "../analytics/analytics-types";
import { toClickHouseTime } from "../ingest/click-row";

/** Which rows a query reads: always one account, a window, and optional narrower filters. */
export interface QueryScope {
  accountId: string;
  range: ResolvedRange;
  /** Only these links (a link reference resolved to ids); undefined: the whole account. */
  linkIds?: readonly string[];
  campaignId?: string;
  host?: string;
  /** Only QR requests (clicks_v1, and the QR dimensions of the job-written rollups). */
  qrOnly?: boolean;
  /** Only clicks routed by this A/B test (raw table only). */
  abTestId?: string;
  /**
   * From this instant on (epoch ms) the insert-fed hourly rollups are read: the later of when
   * they began to hold every request (find-hourly-rollups-start.ts) and the oldest day they keep
   * (the reader's HOURLY_ROLLUP_DAYS). Before it, what the job has not rolled up is read from
   * clicks_v1. Absent: they are not read.
   */
  hourlyFrom?: number;
}

export interface ScopeSql {
  where: string;
  params: Record<string, unknown>;
}

/**
 * The WHERE clause of a scope over a raw table (clicks_v1, conversions_v1), its whole window.
 * SQL text is fixed per filter; every value is a bound parameter. `timeColumn` names the table's
 * time column.
 */
export function scopeSql(scope: QueryScope, timeColumn: "clicked_at" | "occurred_at"): ScopeSql {
  const { clauses, params } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
  clauses.push(
    `${timeColumn} >= {rangeStart:DateTime64(3, 'UTC')}`,
    `${timeColumn} < {rangeEnd:DateTime64(3, 'UTC')}`,
  );
  params.rangeStart = toClickHouseTime(scope.range.start.getTime()).slice(0, 23);
  params.rangeEnd = toClickHouseTime(scope.range.end.getTime()).slice(0, 23);
  return { where: clauses.join(" AND "), params };
}

/** The columns a table can narrow a scope by (every table has account_id). */
export interface TableColumns {
  link?: boolean;
  campaign?: boolean;
  host?: boolean;
  /** Raw clicks only: the qr and ab_test_id columns. */
  raw?: boolean;
}

/**
 * The scope's filters other than time for a table, as SQL clauses with bound parameters (the same
 * parameter names as scopeSql, so one statement can read several tables). Throws when the table
 * cannot narrow the scope: a caller picks its sources so that this never happens.
 */
export function scopeFilters(
  scope: QueryScope,
  table: TableColumns,
): { clauses: string[]; params: Record<string, unknown> } {
  const clauses = ["account_id = {accountId:String}"];
  const params: Record<string, unknown> = { accountId: scope.accountId };
  const need = (ok: boolean | undefined, what: string) => {
    if (!ok) throw new Error(`this source cannot narrow a scope by ${what}`);
  };
  if (scope.linkIds) {
    need(table.link, "link");
    clauses.push("link_id IN {linkIds:Array(String)}");
    params.linkIds = scope.linkIds;
  }
  if (scope.campaignId !== undefined) {
    need(table.campaign, "campaign");
    clauses.push("campaign_id = {campaignId:String}");
    params.campaignId = scope.campaignId;
  }
  if (scope.host !== undefined) {
    need(table.host, "host");
    clauses.push("host = {host:String}");
    params.host = scope.host;
  }
  if (scope.qrOnly) {
    need(table.raw, "QR scans");
    clauses.push("qr");
  }
  if (scope.abTestId !== undefined) {
    need(table.raw, "A/B test");
    clauses.push("ab_test_id = {abTestId:String}");
    params.abTestId = scope.abTestId;
  }
  return { clauses, params };
}

/** An account or one of its campaigns: no links, host, QR-only or A/B filter. */
export function isAccountScope(scope: QueryScope): boolean {
  return scope.linkIds === undefined && scope.host === undefined && !needsRawClicks(scope);
}

/**
 * Scopes the view-fed rollups cannot answer (they have no QR-only or A/B columns): their days
 * that are not rolled up are read from clicks_v1.
 */
export function needsRawClicks(scope: QueryScope): boolean {
  return scope.qrOnly === true || scope.abTestId !== undefined;
}

/**
 * Which insert-fed hourly rollup can answer a scope's hours: link_hours_v1 counts links under
 * any filter but an A/B test; the dimension rollups have no host or A/B column, and the links'
 * none for a campaign (a scope never names links and a campaign).
 */
export function hourlyRollupsOf(scope: QueryScope): { links: boolean; dimensions?: "link" | "account" } {
  if (scope.hourlyFrom === undefined || scope.abTestId !== undefined) return { links: false };
  if (scope.host !== undefined) return { links: true };
  if (scope.linkIds === undefined) return { links: true, dimensions: "account" };
  return scope.campaignId === undefined ? { links: true, dimensions: "link" } : { links: true };
}

/** A request of a person: neither a HEAD request nor a bot. */
export const HUMAN = "(method != 'HEAD' AND NOT is_bot)";
export const BOT = "(method != 'HEAD' AND is_bot)";
export const HEAD = "(method = 'HEAD')";

/**
 * The counts of a group of clicks_v1 rows of one UTC day, named as the report sources name them:
 * c human clicks, b bots, h HEAD requests, q QR scans, v unique visitors (exact: a visitor id is
 * per day).
 */
export const RAW_DAY_COUNTS = `countIf(${HUMAN}) AS c, countIf(${BOT}) AS b, countIf(${HEAD}) AS h,
       countIf(${HUMAN} AND qr) AS q, uniqExactIf(visitor_hash, ${HUMAN}) AS v`;

/** A request with at least one UTM parameter. */
export const TAGGED =
  "(utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')";
