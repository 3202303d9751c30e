import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";
import { type QueryScope, scopeSql } from "./query-scope";

export interface ConversionGroupRow {
  key: string;
  currency: string;
  conversions: number;
  /** Conversions of the group that carried a value, and their sum. */
  valued: number;
  value: number;
}

const GROUPS = { event: "event_name", variant: "variant_id", all: "''" } as const;

/** Conversions of a scope grouped by event name, by A/B variant, or not at all; split by currency. */
export async function getConversionGroups(
  store: ClickStore,
  scope: QueryScope,
  groupBy: keyof typeof GROUPS,
): Promise<ConversionGroupRow[]> {
  const { where, params } = scopeSql({ ...scope, qrOnly: false }, "occurred_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT ${GROUPS[groupBy]} AS group_key, currency, count() AS n, countIf(value IS NOT NULL) AS n_valued,
            toString(sumIf(value, value IS NOT NULL)) AS total
       FROM conversions_v1
      WHERE ${where}
      GROUP BY group_key, currency
      ORDER BY n DESC, group_key, currency`,
    params,
  );
  return rows.map((row) => ({
    key: String(row.group_key),
    currency: String(row.currency),
    conversions: num(row.n),
    valued: num(row.n_valued),
    value: num(row.total),
  }));
}
