import type { ClickStore } from "@kurz/clickstore";
import type { LinkRef } from "../analytics/analytics-types";
import { queryRows } from "./query-rows";

/**
 * The account's clicked links with a code or alias (possibly on several hosts), most recently
 * clicked first, from link_refs_v1: a key-prefix read, whatever the click history.
 */
export async function findLinks(store: ClickStore, accountId: string, code: string): Promise<LinkRef[]> {
  const rows = await queryRows<{ link_id: string; link_host: string; link_code: string }>(
    store,
    `SELECT link_id, argMax(host, last_at) AS link_host, any(code) AS link_code
       FROM (
         SELECT link_id, host, code, max(last_click_at) AS last_at FROM link_refs_v1
          WHERE account_id = {accountId:String} AND code = {code:String}
          GROUP BY link_id, host, code
       )
      GROUP BY link_id
      ORDER BY max(last_at) DESC, link_id
      LIMIT 100`,
    { accountId, code },
  );
  return rows.map((row) => ({ linkId: row.link_id, host: row.link_host, code: row.link_code }));
}
