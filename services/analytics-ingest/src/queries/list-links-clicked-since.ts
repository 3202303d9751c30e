import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import type { LinkKey } from "./get-link-click-totals";
import { queryRows } from "./query-rows";

/**
 * Links of every account with a human click on the UTC day of `since` or later, from the daily
 * rollup (month partitions before `since` are not read). A day's links are a superset of the
 * hour's: pushing a link's total again changes nothing.
 */
export async function listLinksClickedSince(store: ClickStore, since: Date): Promise<LinkKey[]> {
  const rows = await queryRows<{ account_id: string; link_id: string }>(
    store,
    `SELECT account_id, link_id
       FROM link_clicks_daily_v1
      WHERE day >= toDate({since:DateTime('UTC')})
      GROUP BY account_id, link_id
     HAVING sum(clicks) > 0`,
    { since: toClickHouseTime(since.getTime()).slice(0, 19) },
  );
  return rows.map((row) => ({ accountId: row.account_id, linkId: row.link_id }));
}
