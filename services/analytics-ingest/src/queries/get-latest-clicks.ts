import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

/** Per link of the scope: the destination of its latest click and when that was. */
export async function getLatestClicks(
  store: ClickStore,
  scope: QueryScope,
): Promise<Map<string, { destinationUrl: string; lastClickAt: Date }>> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT link_id, argMax(destination_url, clicked_at) AS destination,
            toUnixTimestamp64Milli(max(clicked_at)) AS last_at
       FROM clicks_v1
      WHERE ${where}
      GROUP BY link_id`,
    params,
  );
  return new Map(
    rows.map((row) => [
      String(row.link_id),
      { destinationUrl: String(row.destination), lastClickAt: new Date(num(row.last_at)) },
    ]),
  );
}
