import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts, LinkRef } from "../analytics/analytics-types";
import { countsOfRow, linkOfRow } from "./counts-of-row";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql, TAGGED } from "./query-scope";

export interface UtmLinkRow {
  link: LinkRef;
  counts: ClickCounts;
  taggedClicks: number;
  topSource: string;
  topMedium: string;
  topCampaign: string;
}

/** Links of a scope whose human clicks carried UTM parameters, most tagged clicks first, paged. */
export async function listUtmLinks(
  store: ClickStore,
  scope: QueryScope,
  page: { limit: number; offset: number },
): Promise<{ links: UtmLinkRow[]; total: number }> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const tagged = `${HUMAN} AND ${TAGGED}`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      store,
      `SELECT link_id, argMax(host, clicked_at) AS link_host, argMax(code, clicked_at) AS link_code,
              countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
              countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads, countIf(${HUMAN} AND qr) AS n_qr,
              countIf(${tagged}) AS n_tagged,
              topKIf(1)(utm_source, ${tagged} AND utm_source != '') AS top_source,
              topKIf(1)(utm_medium, ${tagged} AND utm_medium != '') AS top_medium,
              topKIf(1)(utm_campaign, ${tagged} AND utm_campaign != '') AS top_campaign
         FROM clicks_v1
        WHERE ${where}
        GROUP BY link_id
       HAVING n_tagged > 0
        ORDER BY n_tagged DESC, link_id
        LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      { ...params, limit: page.limit, offset: page.offset },
    ),
    queryRows<{ n: string }>(
      store,
      `SELECT uniqExact(link_id) AS n FROM clicks_v1 WHERE ${where} AND ${tagged}`,
      params,
    ),
  ]);
  const first = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? "") : "");
  return {
    total: num(counted[0]?.n),
    links: rows.map((row) => {
      return {
        link: linkOfRow(row),
        counts: countsOfRow(row),
        taggedClicks: num(row.n_tagged),
        topSource: first(row.top_source),
        topMedium: first(row.top_medium),
        topCampaign: first(row.top_campaign),
      };
    }),
  };
}
