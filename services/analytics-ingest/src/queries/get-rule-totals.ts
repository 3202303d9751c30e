import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

export interface RuleTotals {
  /** The redirect rule that chose the destination; "" for the link's default destination. */
  ruleId: string;
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
}

/**
 * Requests of a link's scope per redirect rule (clicks_v1.rule_id), most human clicks first.
 * Read from clicks_v1 only: no rollup carries the rule, and one link's window is a range of its
 * (account_id, link_id, clicked_at) key. Unique visitors are per UTC day and summed, as in every
 * other report (the visitor id is salted per day).
 */
export async function getRuleTotals(store: ClickStore, scope: QueryScope): Promise<RuleTotals[]> {
  const { where, params } = scopeSql(scope, "clicked_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT rule_id, sum(c) AS n_clicks, sum(v) AS n_visitors, sum(b) AS n_bots, sum(h) AS n_heads
       FROM (SELECT rule_id, toDate(clicked_at) AS day_of, countIf(${HUMAN}) AS c, countIf(${BOT}) AS b,
                    countIf(${HEAD}) AS h, uniqExactIf(visitor_hash, ${HUMAN}) AS v
               FROM clicks_v1
              WHERE ${where}
              GROUP BY rule_id, day_of)
      GROUP BY rule_id
      ORDER BY n_clicks DESC, n_bots DESC, n_heads DESC, rule_id`,
    params,
  );
  return rows.map((row) => ({
    ruleId: String(row.rule_id ?? ""),
    clicks: num(row.n_clicks),
    uniqueVisitors: num(row.n_visitors),
    bots: num(row.n_bots),
    headRequests: num(row.n_heads),
  }));
}
