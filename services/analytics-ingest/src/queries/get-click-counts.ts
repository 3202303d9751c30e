import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

export interface ClickCountsWithLinks extends ClickCounts {
  /** Links with at least one human click. */
  linksClicked: number;
}

/** Totals of a scope from the hourly rollup (not for QR / A/B scopes: see get-raw-click-counts). */
export async function getClickCounts(store: ClickStore, scope: QueryScope): Promise<ClickCountsWithLinks> {
  const { where, params } = scopeSql(scope, "hour");
  const [row] = await queryRows<Record<string, unknown>>(
    store,
    `SELECT sum(clicks) AS n_clicks, uniqMerge(visitors) AS n_visitors, sum(bots) AS n_bots,
            sum(head_requests) AS n_heads, sum(qr_scans) AS n_qr, uniqExactIf(link_id, clicks > 0) AS n_links
       FROM link_clicks_hourly_v1
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
    linksClicked: num(row?.n_links),
  };
}
