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
  /** Only QR scans (raw table only). */
  qrOnly?: boolean;
  /** Only clicks routed by this A/B test (raw table only). */
  abTestId?: string;
}

export interface ScopeSql {
  where: string;
  params: Record<string, unknown>;
}

/**
 * The WHERE clause of a scope. SQL text is fixed per filter; every value is a bound parameter.
 * `timeColumn` names the table's time column: clicked_at / occurred_at (DateTime64) on raw
 * tables, hour (DateTime) on the hourly rollup.
 */
export function scopeSql(scope: QueryScope, timeColumn: "clicked_at" | "occurred_at" | "hour"): ScopeSql {
  if (timeColumn === "hour" && (scope.qrOnly || scope.abTestId !== undefined)) {
    // The hourly rollup has no QR / A/B columns; such scopes must read raw clicks.
    throw new Error("QR and A/B scopes need the raw clicks table");
  }
  const timeType = timeColumn === "hour" ? "DateTime('UTC')" : "DateTime64(3, 'UTC')";
  const clauses = [
    "account_id = {accountId:String}",
    `${timeColumn} >= {rangeStart:${timeType}}`,
    `${timeColumn} < {rangeEnd:${timeType}}`,
  ];
  const params: Record<string, unknown> = {
    accountId: scope.accountId,
    rangeStart: toClickHouseTime(scope.range.start.getTime()).slice(0, timeColumn === "hour" ? 19 : 23),
    rangeEnd: toClickHouseTime(scope.range.end.getTime()).slice(0, timeColumn === "hour" ? 19 : 23),
  };
  if (scope.linkIds) {
    clauses.push("link_id IN {linkIds:Array(String)}");
    params.linkIds = scope.linkIds;
  }
  if (scope.campaignId !== undefined) {
    clauses.push("campaign_id = {campaignId:String}");
    params.campaignId = scope.campaignId;
  }
  if (scope.host !== undefined) {
    clauses.push("host = {host:String}");
    params.host = scope.host;
  }
  if (scope.qrOnly) clauses.push("qr");
  if (scope.abTestId !== undefined) {
    clauses.push("ab_test_id = {abTestId:String}");
    params.abTestId = scope.abTestId;
  }
  return { where: clauses.join(" AND "), params };
}

/** A request of a person: neither a HEAD request nor a bot. */
export const HUMAN = "(method != 'HEAD' AND NOT is_bot)";
export const BOT = "(method != 'HEAD' AND is_bot)";
export const HEAD = "(method = 'HEAD')";
