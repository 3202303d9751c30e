import { BOT, HEAD, HUMAN } from "../queries/query-scope";

/**
 * The breakdown dimensions of a click, as the dimension rollups store them and as a report reads
 * the days not rolled up from clicks_v1: name, value, and for regions and cities their parents.
 * `when` leaves a click out of a dimension: empty UTM values and A/B variants (reports skip
 * them), bot reasons of anything but a bot request. `tagged` is one value ('') per request with
 * any UTM parameter: the tagged share of a UTM report and the ranking of the UTM link list. `qr`
 * (one value per QR request), `qrCountry` and `qrDeviceType` count QR requests only (`qrOnly`):
 * the totals, timeline and breakdowns of the QR report.
 */
export const DIMENSIONS = {
  country: { value: "toString(country)" },
  region: { value: "region", country: true },
  city: { value: "city", country: true, region: true },
  deviceType: { value: "toString(device_type)" },
  browser: { value: "toString(browser)" },
  os: { value: "toString(os)" },
  referrerHost: { value: "referrer_host" },
  referrerCategory: { value: "toString(referrer_category)" },
  utmSource: { value: "utm_source", when: "utm_source != ''" },
  utmMedium: { value: "utm_medium", when: "utm_medium != ''" },
  utmCampaign: { value: "utm_campaign", when: "utm_campaign != ''" },
  utmTerm: { value: "utm_term", when: "utm_term != ''" },
  utmContent: { value: "utm_content", when: "utm_content != ''" },
  botReason: { value: "toString(bot_reason)", when: BOT },
  variant: { value: "variant_id", when: "variant_id != ''" },
  tagged: {
    value: "''",
    when: "(utm_source != '' OR utm_medium != '' OR utm_campaign != '' OR utm_term != '' OR utm_content != '')",
  },
  qr: { value: "''", when: "qr", qrOnly: true },
  qrCountry: { value: "toString(country)", when: "qr", qrOnly: true },
  qrDeviceType: { value: "toString(device_type)", when: "qr", qrOnly: true },
} as const satisfies Record<string, DimensionSpec>;

interface DimensionSpec {
  /** The value's SQL over clicks_v1. */
  value: string;
  /** Stored with its parent country, region. */
  country?: boolean;
  region?: boolean;
  /** Counts only the requests this SQL condition holds for. */
  when?: string;
  /** Counts QR requests only: what a QR-only scope may read from the rollups. */
  qrOnly?: boolean;
}

export type Dimension = keyof typeof DIMENSIONS;

export const ALL_DIMENSIONS = Object.keys(DIMENSIONS) as Dimension[];

/** Rows of account_dimensions_daily_v1 only: the day's totals (dimension ''). */
export const ACCOUNT_ROWS = ["('', '', '', '', true)"];

/**
 * `ARRAY JOIN <this> AS d` turns each clicks_v1 row into one row per dimension it counts in:
 * d.1 the dimension, d.2 its value, d.3 / d.4 the parent country / region. `extra`: further
 * tuples of the same shape (ACCOUNT_ROWS).
 */
export function dimensionArraySql(
  dimensions: readonly Dimension[] = ALL_DIMENSIONS,
  extra: readonly string[] = [],
): string {
  const tuples = dimensions.map((name) => dimensionTupleSql(name));
  return `arrayFilter(x -> x.5, [${[...tuples, ...extra].join(", ")}])`;
}

/** One dimension as (name, value, parent country, parent region, counts-in) over clicks_v1. */
export function dimensionTupleSql(name: Dimension): string {
  const spec: DimensionSpec = DIMENSIONS[name];
  return `('${name}', ${spec.value}, ${spec.country ? "toString(country)" : "''"}, ${spec.region ? "region" : "''"}, ${spec.when ?? "true"})`;
}

/** Whether a dimension counts QR requests only (a QR-only scope reads nothing else from the rollups). */
export const isQrDimension = (name: Dimension): boolean =>
  (DIMENSIONS[name] as DimensionSpec).qrOnly === true;

/**
 * The final counts of a group of clicks_v1 rows of one UTC day: human clicks, bots, HEAD requests,
 * QR scans and unique visitors (exact: a visitor id is per day, so the day's count is final).
 */
export const DAY_COUNTS_SQL = `countIf(${HUMAN}) AS clicks, countIf(${BOT}) AS bots, countIf(${HEAD}) AS head_requests,
       countIf(${HUMAN} AND qr) AS qr_scans, uniqExactIf(visitor_hash, ${HUMAN}) AS visitors`;
