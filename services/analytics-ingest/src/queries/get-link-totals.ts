import type { ClickStore } from "@kurz/clickstore";
import type { LinkStats } from "../analytics/analytics-types";
import { countsOfRow, linkOfRow } from "./counts-of-row";
import type { DayCoverage } from "./find-rolled-days";
import { linkSources } from "./link-sources";
import { planReads } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import type { QueryScope } from "./query-scope";

export type LinkOrder = "clicks" | "uniqueVisitors";

const ORDER: Record<LinkOrder, string> = { clicks: "n_clicks", uniqueVisitors: "n_visitors" };

/**
 * The best links of a scope with their totals, destination and latest click, plus how many links
 * had a human click (`linksClicked`), in one statement (link-sources.ts). A link's host and code
 * are those of its latest request.
 */
export async function getLinkTotals(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
  options: { limit: number; order: LinkOrder },
): Promise<{ links: LinkStats[]; linksClicked: number }> {
  const { sql, params } = linkSources(scope, planReads({ ...scope.range, granularity: "day" }, coverage));
  if (sql.length === 0) return { links: [], linksClicked: 0 };
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT link_id, argMax((host, code, dest), la) AS latest, latest.1 AS link_host, latest.2 AS link_code,
            latest.3 AS destination, sum(c) AS n_clicks,
            sum(v) AS n_visitors, sum(b) AS n_bots, sum(h) AS n_heads, sum(q) AS n_qr,
            toUnixTimestamp64Milli(max(la)) AS last_ms,
            sum(toUInt64(n_clicks > 0)) OVER () AS links_clicked
       FROM (${sql.join(" UNION ALL ")})
      GROUP BY link_id
      ORDER BY ${ORDER[options.order]} DESC, n_bots DESC, link_id
      LIMIT {limit:UInt32}`,
    { ...params, limit: options.limit },
  );
  return {
    linksClicked: num(rows[0]?.links_clicked),
    links: rows.map((row) => {
      return {
        link: linkOfRow(row),
        counts: countsOfRow(row),
        destinationUrl: String(row.destination ?? ""),
        lastClickAt: row.last_ms === undefined ? null : new Date(num(row.last_ms)),
      };
    }),
  };
}
