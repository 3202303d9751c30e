import type { BreakdownRequest, Dimension } from "../queries/get-breakdowns";
import type { ConversionGroupRow, ConversionGroups } from "../queries/get-conversion-groups";
import type { RuleTotals } from "../queries/get-rule-totals";
import type {
  BreakdownEntry,
  ClickCounts,
  ConversionGroup,
  ConversionStats,
  CurrencyTotal,
  Devices,
  Geography,
  Referrers,
  RuleEntry,
  TrafficQuality,
  UtmBreakdown,
} from "./analytics-types";

export function rate(conversions: number, clicks: number): number {
  return clicks > 0 ? conversions / clicks : 0;
}

export function sumValues(rows: Array<{ currency: string; valued: number; value: number }>): CurrencyTotal[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.valued === 0) continue;
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.value);
  }
  return [...totals].map(([currency, value]) => ({ currency, value: Math.round(value * 10_000) / 10_000 }));
}

/** The breakdowns each report section is made of. */
export const SECTION_DIMENSIONS = {
  geography: ["country", "region", "city"],
  devices: ["deviceType", "browser", "os"],
  referrers: ["referrerHost", "referrerCategory"],
  utm: ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "tagged"],
  trafficQuality: ["botReason", "referrerCategory"],
  conversions: ["variant"],
} as const satisfies Record<string, readonly Dimension[]>;

export type Section = keyof typeof SECTION_DIMENSIONS;

/** The breakdown requests of some sections, each dimension once (the largest limit wins). */
export function sectionRequests(
  sections: ReadonlyArray<{ section: Section; limit: number }>,
): BreakdownRequest[] {
  const limits = new Map<Dimension, number>();
  for (const { section, limit } of sections) {
    for (const dimension of SECTION_DIMENSIONS[section]) {
      // Variants and bot reasons are few; referrer categories feed directClicks whatever the limit.
      const own =
        dimension === "variant" ? 100 : dimension === "referrerCategory" ? Math.max(limit, 50) : limit;
      limits.set(dimension, Math.max(limits.get(dimension) ?? 0, own));
    }
  }
  return [...limits].map(([dimension, limit]) => ({ dimension, limit }));
}

type Breakdowns = ReadonlyMap<Dimension, BreakdownEntry[]>;

const take = (map: Breakdowns, dimension: Dimension, limit: number) =>
  (map.get(dimension) ?? []).slice(0, limit);

export function geographyOf(map: Breakdowns, limit: number): Geography {
  return {
    countries: take(map, "country", limit),
    regions: take(map, "region", limit),
    cities: take(map, "city", limit),
  };
}

export function devicesOf(map: Breakdowns, limit: number): Devices {
  return {
    deviceTypes: take(map, "deviceType", limit),
    browsers: take(map, "browser", limit),
    operatingSystems: take(map, "os", limit),
  };
}

export function referrersOf(map: Breakdowns, limit: number): Referrers {
  return { hosts: take(map, "referrerHost", limit), categories: take(map, "referrerCategory", limit) };
}

/** Human clicks with at least one UTM parameter. */
export function taggedClicksOf(map: Breakdowns): number {
  return map.get("tagged")?.[0]?.clicks ?? 0;
}

export function utmOf(map: Breakdowns, limit: number): UtmBreakdown {
  return {
    sources: take(map, "utmSource", limit),
    mediums: take(map, "utmMedium", limit),
    campaigns: take(map, "utmCampaign", limit),
    terms: take(map, "utmTerm", limit),
    contents: take(map, "utmContent", limit),
    taggedClicks: taggedClicksOf(map),
  };
}

export function trafficQualityOf(counts: ClickCounts, map: Breakdowns, limit: number): TrafficQuality {
  const direct = (map.get("referrerCategory") ?? []).find((entry) => entry.key === "direct");
  // Bot reasons are shares of the scope's human clicks, as every breakdown's.
  return {
    counts,
    botShare: counts.clicks + counts.bots > 0 ? counts.bots / (counts.clicks + counts.bots) : 0,
    botReasons: take(map, "botReason", limit),
    directClicks: direct?.clicks ?? 0,
  };
}

export function conversionStatsOf(
  groups: ConversionGroups,
  map: Breakdowns,
  clicks: number,
): ConversionStats {
  const group = (rows: ConversionGroupRow[], clicksOf: (key: string) => number): ConversionGroup[] => {
    const keys = [...new Set(rows.map((row) => row.key))];
    return keys.map((key) => {
      const own = rows.filter((row) => row.key === key);
      const conversions = own.reduce((sum, row) => sum + row.conversions, 0);
      const groupClicks = clicksOf(key);
      return {
        key,
        conversions,
        values: sumValues(own),
        clicks: groupClicks,
        conversionRate: rate(conversions, groupClicks),
      };
    });
  };
  const conversions = groups.byEvent.reduce((sum, row) => sum + row.conversions, 0);
  const clicksByVariant = new Map((map.get("variant") ?? []).map((entry) => [entry.key, entry.clicks]));
  return {
    conversions,
    clicks,
    conversionRate: rate(conversions, clicks),
    values: sumValues(groups.byEvent),
    byEvent: group(groups.byEvent, () => 0),
    byVariant: group(
      groups.byVariant.filter((row) => row.key !== ""),
      (key) => clicksByVariant.get(key) ?? 0,
    ),
  };
}

/**
 * The rules report's entries: the default destination (rule id "", answered as null) always
 * among them, zeros when nothing went there, so a link's report names where its clicks went
 * even before any rule matched. Most human clicks first; shares of the link's human clicks.
 */
export function rulesOf(rows: readonly RuleTotals[]): { rules: RuleEntry[]; totalClicks: number } {
  const totalClicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  const withDefault = rows.some((row) => row.ruleId === "")
    ? rows
    : [...rows, { ruleId: "", clicks: 0, uniqueVisitors: 0, bots: 0, headRequests: 0 }];
  const rules = withDefault.map((row) => ({
    ...row,
    ruleId: row.ruleId === "" ? null : row.ruleId,
    share: rate(row.clicks, totalClicks),
  }));
  return { rules, totalClicks };
}
