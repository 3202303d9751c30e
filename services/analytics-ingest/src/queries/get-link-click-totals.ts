import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";

export interface LinkKey {
  accountId: string;
  linkId: string;
}

export interface LinkClickTotal extends LinkKey {
  clicks: number;
}

/**
 * Human clicks of each link over everything stored, from the daily rollup: the `counts.clicks`
 * of a report spanning the link's whole life. Bounded by the sorting key's prefix (account,
 * link). A link without rows answers 0.
 */
export async function getLinkClickTotals(
  store: ClickStore,
  links: readonly LinkKey[],
): Promise<LinkClickTotal[]> {
  if (links.length === 0) return [];
  const rows = await queryRows<{ account_id: string; link_id: string; n_clicks: unknown }>(
    store,
    `SELECT account_id, link_id, sum(clicks) AS n_clicks
       FROM link_clicks_daily_v1
      WHERE account_id IN {accounts:Array(String)} AND link_id IN {links:Array(String)}
      GROUP BY account_id, link_id`,
    {
      accounts: [...new Set(links.map((link) => link.accountId))],
      links: [...new Set(links.map((link) => link.linkId))],
    },
  );
  const totals = new Map(rows.map((row) => [`${row.account_id}\n${row.link_id}`, num(row.n_clicks)]));
  return links.map((link) => ({ ...link, clicks: totals.get(`${link.accountId}\n${link.linkId}`) ?? 0 }));
}
