import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

/** Totals per host (standard short host, subdomains, branded domains) from the hourly rollup. */
export async function getHostTotals(
  store: ClickStore,
  scope: QueryScope,
): Promise<Array<{ host: string; counts: ClickCounts; links: number }>> {
  const { where, params } = scopeSql(scope, "hour");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT host, sum(clicks) AS n_clicks, uniqMerge(visitors) AS n_visitors, sum(bots) AS n_bots,
            sum(head_requests) AS n_heads, sum(qr_scans) AS n_qr, uniqExact(link_id) AS n_links
       FROM link_clicks_hourly_v1
      WHERE ${where}
      GROUP BY host
      ORDER BY n_clicks DESC, host`,
    params,
  );
  return rows.map((row) => {
    const clicks = num(row.n_clicks);
    const bots = num(row.n_bots);
    const headRequests = num(row.n_heads);
    return {
      host: String(row.host),
      links: num(row.n_links),
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
