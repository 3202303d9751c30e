import type { ClickStore } from "@kurz/clickstore";
import type { BreakdownEntry } from "../analytics/analytics-types";
import { TAGGED } from "./get-raw-click-counts";
import { num, queryRows } from "./query-rows";
import { BOT, HEAD, HUMAN, type QueryScope, scopeSql } from "./query-scope";

/** The dimensions a breakdown can group by: column, and for geography the parent columns. */
const DIMENSIONS = {
  country: { column: "country" },
  region: { column: "region", country: true },
  city: { column: "city", country: true, region: true },
  deviceType: { column: "device_type" },
  browser: { column: "browser" },
  os: { column: "os" },
  referrerHost: { column: "referrer_host" },
  referrerCategory: { column: "referrer_category" },
  utmSource: { column: "utm_source" },
  utmMedium: { column: "utm_medium" },
  utmCampaign: { column: "utm_campaign" },
  utmTerm: { column: "utm_term" },
  utmContent: { column: "utm_content" },
  botReason: { column: "bot_reason" },
  variant: { column: "variant_id" },
} as const satisfies Record<string, { column: string; country?: boolean; region?: boolean }>;

export type Dimension = keyof typeof DIMENSIONS;

export interface BreakdownOptions {
  limit: number;
  /** Human clicks of the whole scope, the denominator of `share`. */
  totalClicks: number;
  /** Only bot requests (bot reasons), or only UTM-tagged requests. */
  only?: "bots" | "tagged";
  /** Leave out the "" (unknown / none) value. */
  skipEmpty?: boolean;
}

/**
 * Requests of a scope grouped by one dimension, from the raw clicks: human clicks, unique
 * visitors, bots and HEAD requests per value, most clicked first.
 */
export async function getBreakdown(
  store: ClickStore,
  scope: QueryScope,
  dimension: Dimension,
  options: BreakdownOptions,
): Promise<BreakdownEntry[]> {
  const spec: { column: string; country?: boolean; region?: boolean } = DIMENSIONS[dimension];
  const { where, params } = scopeSql(scope, "clicked_at");
  const filters = [where];
  if (options.only === "bots") filters.push(BOT);
  if (options.only === "tagged") filters.push(TAGGED);
  if (options.skipEmpty) filters.push(`${spec.column} != ''`);
  const parents = [spec.country ? "country" : "", spec.region ? "region" : ""].filter(Boolean);
  const groupBy = [spec.column, ...parents].join(", ");
  const rows = await queryRows<Record<string, unknown>>(
    store,
    `SELECT ${groupBy}, countIf(${HUMAN}) AS n_clicks, uniqIf(visitor_hash, ${HUMAN}) AS n_visitors,
            countIf(${BOT}) AS n_bots, countIf(${HEAD}) AS n_heads
       FROM clicks_v1
      WHERE ${filters.join(" AND ")}
      GROUP BY ${groupBy}
      ORDER BY n_clicks DESC, n_bots DESC, n_heads DESC, ${groupBy}
      LIMIT {limit:UInt32}`,
    { ...params, limit: options.limit },
  );
  return rows.map((row) => {
    const clicks = num(row.n_clicks);
    const entry: BreakdownEntry = {
      key: String(row[spec.column] ?? ""),
      clicks,
      uniqueVisitors: num(row.n_visitors),
      bots: num(row.n_bots),
      headRequests: num(row.n_heads),
      share: options.totalClicks > 0 ? clicks / options.totalClicks : 0,
    };
    if (spec.country) entry.country = String(row.country ?? "");
    if (spec.region) entry.region = String(row.region ?? "");
    return entry;
  });
}
