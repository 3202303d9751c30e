import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts, LinkRef } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

export type LinkOrder = "clicks" | "uniqueVisitors";

const ORDER: Record<LinkOrder, string> = { clicks: "n_clicks", uniqueVisitors: "n_visitors" };

/** Totals per link (or per host) of a scope from the hourly rollup, best first. */
export async function getLinkTotals(
  store: ClickStore,
  scope: QueryScope,
  options: { limit: number; order: LinkOrder },
): Promise<Array<{ link: LinkRef; counts: ClickCounts }>> {
  const { where, params } = scopeSql(scope, "hour");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT link_id, argMax(host, hour) AS link_host, argMax(code, hour) AS link_code,
            sum(clicks) AS n_clicks, uniqMerge(visitors) AS n_visitors, sum(bots) AS n_bots,
            sum(head_requests) AS n_heads, sum(qr_scans) AS n_qr
       FROM link_clicks_hourly_v1
      WHERE ${where}
      GROUP BY link_id
      ORDER BY ${ORDER[options.order]} DESC, n_bots DESC, link_id
      LIMIT {limit:UInt32}`,
    { ...params, limit: options.limit },
  );
  return rows.map((row) => {
    const clicks = num(row.n_clicks);
    const bots = num(row.n_bots);
    const headRequests = num(row.n_heads);
    return {
      link: { linkId: String(row.link_id), host: String(row.link_host), code: String(row.link_code) },
      counts: {
        clicks,
        uniqueVisitors: num(row.n_visitors),
        bots,
        headRequests,
        totalRequests: clicks + bots + headRequests,
        qrScans: num(row.n_qr),
      },
    };
  });
}
