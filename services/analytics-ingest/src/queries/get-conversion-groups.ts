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

export interface ConversionGroups {
  byEvent: ConversionGroupRow[];
  byVariant: ConversionGroupRow[];
}

/** Conversions of a scope by event name and by A/B variant, split by currency, in one statement. */
export async function getConversionGroups(store: ClickStore, scope: QueryScope): Promise<ConversionGroups> {
  const { where, params } = scopeSql({ ...scope, qrOnly: false }, "occurred_at");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT event_name, variant_id, grouping(event_name) AS by_variant, currency, count() AS n,
            countIf(value IS NOT NULL) AS n_valued, toString(sumIf(value, value IS NOT NULL)) AS total
       FROM conversions_v1
      WHERE ${where}
      GROUP BY GROUPING SETS ((event_name, currency), (variant_id, currency))
      ORDER BY by_variant, n DESC, event_name, variant_id, currency`,
    params,
  );
  const groups: ConversionGroups = { byEvent: [], byVariant: [] };
  for (const row of rows) {
    const variant = num(row.by_variant) === 1;
    (variant ? groups.byVariant : groups.byEvent).push({
      key: String(variant ? row.variant_id : row.event_name),
      currency: String(row.currency),
      conversions: num(row.n),
      valued: num(row.n_valued),
      value: num(row.total),
    });
  }
  return groups;
}
