import type { ClickStore } from "@kurz/clickstore";
import type { LinkStats } from "../analytics/analytics-types";
import { countsOfRow, linkOfRow } from "./counts-of-row";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

/** Totals per link from the raw clicks (QR / A/B scopes), most clicked first. */
export async function getRawLinkTotals(
  store: ClickStore,
  scope: QueryScope,
  limit: number,
): Promise<LinkStats[]> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT link_id, argMax(host, clicked_at) AS link_host, argMax(code, clicked_at) AS link_code,
            countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
            countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads, countIf(${HUMAN} AND qr) AS n_qr,
            argMax(destination_url, clicked_at) AS destination, toUnixTimestamp64Milli(max(clicked_at)) AS last_at
       FROM clicks_v1
      WHERE ${where}
      GROUP BY link_id
      ORDER BY n_clicks DESC, link_id
      LIMIT {limit:UInt32}`,
    { ...params, limit },
  );
  return rows.map((row) => {
    return {
      link: linkOfRow(row),
      counts: countsOfRow(row),
      destinationUrl: String(row.destination),
      lastClickAt: new Date(num(row.last_at)),
    };
  });
}
