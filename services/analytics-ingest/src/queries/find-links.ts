import type { ClickStore } from "@kurz/clickstore";
import type { LinkRef } from "../analytics/analytics-types";
import { queryRows } from "./query-rows";

/**
 * The account's links a reference names: a link id, or a code / alias (possibly on several
 * hosts). Looked up in the hourly rollup (every clicked link has rows there), most recently
 * clicked first.
 */
export async function findLinks(store: ClickStore, accountId: string, ref: string): Promise<LinkRef[]> {
  const rows = await queryRows<{ link_id: string; link_host: string; link_code: string }>(
    store,
    `SELECT link_id, argMax(host, hour) AS link_host, argMax(code, hour) AS link_code
       FROM link_clicks_hourly_v1
      WHERE account_id = {accountId:String} AND (link_id = {ref:String} OR code = {ref:String})
      GROUP BY link_id
      ORDER BY max(hour) DESC, link_id
      LIMIT 100`,
    { accountId, ref },
  );
  return rows.map((row) => ({ linkId: row.link_id, host: row.link_host, code: row.link_code }));
}
