import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts } from "../analytics/analytics-types";
import { linkSources } from "./link-sources";
import { num, queryRows } from "./query-rows";
import type { QueryScope } from "./query-scope";
import { splitWindow } from "./time-windows";

/** Totals per host (standard short host, subdomains, branded domains), one statement. */
export async function getHostTotals(
  store: ClickStore,
  scope: QueryScope,
): Promise<Array<{ host: string; counts: ClickCounts; links: number }>> {
  const { sql, params } = linkSources(scope, splitWindow(scope.range));
  if (sql.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT host, sum(c) AS n_clicks, sum(v) AS n_visitors, sum(b) AS n_bots, sum(hd) AS n_heads, sum(q) AS n_qr,
            uniqExactMerge(l) AS n_links
       FROM (
         SELECT host, toDate(t) AS d, sum(clicks) AS c, sum(bots) AS b, sum(heads) AS hd, sum(qrs) AS q,
                uniqCombinedMerge(12)(visitors) AS v, uniqExactState(link_id) AS l
           FROM (${sql.join(" UNION ALL ")})
          GROUP BY host, d
       )
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
