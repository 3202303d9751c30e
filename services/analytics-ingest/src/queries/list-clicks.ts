import type { ClickStore } from "@kurz/clickstore";
import type { ClickDetail } from "../analytics/analytics-types";
import { CLICK_DETAIL_COLUMNS, clickDetailOfRow } from "./click-detail-of-row";
import { num, queryRows } from "./query-rows";
import { HUMAN, needsRawClicks, type QueryScope, scopeSql } from "./query-scope";
import { spansSql } from "./time-windows";

export interface ListClicksOptions {
  limit: number;
  offset: number;
  /** false: human clicks only. */
  includeBots: boolean;
}

/**
 * How many stored clicks a page of a scope is taken from, and, for an account or a campaign, the
 * latest hour from which on the window holds enough of them for the page: the page is then read
 * from those hours only (newest first), not from the whole window (counted in the hourly rollup).
 */
async function countClicks(
  store: ClickStore,
  scope: QueryScope,
  options: ListClicksOptions,
): Promise<{ total: number; fromMs?: number }> {
  if (scope.linkIds !== undefined || scope.host !== undefined || needsRawClicks(scope)) {
    // A link's rows of the window are one key range of clicks_v1: counted where they are read.
    const { where, params } = scopeSql(scope, "clicked_at");
    const [row] = await queryRows<{ n: unknown }>(
      store,
      `SELECT count() AS n FROM clicks_v1 WHERE ${options.includeBots ? where : `${where} AND ${HUMAN}`}`,
      params,
    );
    return { total: num(row?.n) };
  }
  const time = spansSql(
    "hour",
    [{ start: scope.range.start.getTime(), end: scope.range.end.getTime() }],
    "listHour",
    "DateTime",
  );
  const campaign = scope.campaignId === undefined ? "" : " AND campaign_id = {campaignId:String}";
  const rows = await queryRows<{ hour_ms: unknown; n: unknown }>(
    store,
    `SELECT toUnixTimestamp(hour) * 1000 AS hour_ms, sum(${options.includeBots ? "clicks + bots + head_requests" : "clicks"}) AS n
       FROM account_clicks_hourly_v1
      WHERE account_id = {accountId:String}${campaign} AND ${time.sql}
      GROUP BY hour ORDER BY hour DESC`,
    { ...time.params, accountId: scope.accountId, campaignId: scope.campaignId },
  );
  let total = 0;
  let fromMs: number | undefined;
  for (const row of rows) {
    total += num(row.n);
    if (fromMs === undefined && total >= options.offset + options.limit) fromMs = num(row.hour_ms);
  }
  return fromMs === undefined ? { total } : { total, fromMs: Math.max(fromMs, scope.range.start.getTime()) };
}

/** Stored clicks of a scope, newest first, one page, with the total count. IPs are never stored. */
export async function listClicks(
  store: ClickStore,
  scope: QueryScope,
  options: ListClicksOptions,
): Promise<{ clicks: ClickDetail[]; total: number }> {
  const { total, fromMs } = await countClicks(store, scope, options);
  if (options.offset >= total) return { total, clicks: [] };
  const narrowed: QueryScope =
    fromMs === undefined ? scope : { ...scope, range: { ...scope.range, start: new Date(fromMs) } };
  const { where: scoped, params } = scopeSql(narrowed, "clicked_at");
  const where = options.includeBots ? scoped : `${scoped} AND ${HUMAN}`;
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT ${CLICK_DETAIL_COLUMNS}
       FROM clicks_v1
      WHERE ${where}
      ORDER BY clicked_at DESC, click_id DESC
      LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...params, limit: options.limit, offset: options.offset },
  );
  return {
    total,
    clicks: rows.map(clickDetailOfRow),
  };
}
