import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";
import { HUMAN, type QueryScope, scopeSql } from "./query-scope";

/** Human clicks and unique visitors per A/B variant and day (raw clicks of one test). */
export async function getVariantTimeline(
  store: ClickStore,
  scope: QueryScope,
): Promise<Array<{ variantId: string; day: number; clicks: number; uniqueVisitors: number }>> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT variant_id, toUnixTimestamp(toStartOfDay(clicked_at)) * 1000 AS day,
            countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors
       FROM clicks_v1
      WHERE ${where}
      GROUP BY variant_id, day
      ORDER BY variant_id, day`,
    params,
  );
  return rows.map((row) => ({
    variantId: String(row.variant_id),
    day: num(row.day),
    clicks: num(row.n_clicks),
    uniqueVisitors: num(row.n_visitors),
  }));
}
