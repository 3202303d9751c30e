import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

export interface RawClickCounts extends ClickCounts {
  /** Human clicks without a referrer. */
  directClicks: number;
  /** Human clicks with at least one UTM parameter. */
  taggedClicks: number;
}

export const TAGGED =
  "(utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')";

/** Totals of any scope (QR and A/B scopes included) from the raw clicks. */
export async function getRawClickCounts(store: ClickStore, scope: QueryScope): Promise<RawClickCounts> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const [row] = await queryRows<Record<string, unknown>>(
    store,
    `SELECT countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
            countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads, countIf(${HUMAN} AND qr) AS n_qr,
            countIf(${HUMAN} AND referrer_category = 'direct') AS n_direct,
            countIf(${HUMAN} AND ${TAGGED}) AS n_tagged
       FROM clicks_v1
      WHERE ${where}`,
    params,
  );
  const clicks = num(row?.n_clicks);
  const bots = num(row?.n_bots);
  const headRequests = num(row?.n_heads);
  return {
    clicks,
    uniqueVisitors: num(row?.n_visitors),
    bots,
    headRequests,
    totalRequests: clicks + bots + headRequests,
    qrScans: num(row?.n_qr),
    directClicks: num(row?.n_direct),
    taggedClicks: num(row?.n_tagged),
  };
}
