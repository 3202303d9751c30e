import type { ClickStore } from "@kurz/clickstore";
import { type Dimension, getBreakdown } from "../queries/get-breakdown";
import { getConversionGroups } from "../queries/get-conversion-groups";
import { getLatestClicks } from "../queries/get-latest-clicks";
import { getLinkTotals, type LinkOrder } from "../queries/get-link-totals";
import { getRawClickCounts } from "../queries/get-raw-click-counts";
import type { QueryScope } from "../queries/query-scope";
import type {
  BreakdownEntry,
  ConversionGroup,
  ConversionStats,
  CurrencyTotal,
  Devices,
  Geography,
  LinkStats,
  Referrers,
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

/**
 * The parts several reports share (geography, devices, referrers, UTM, traffic quality,
 * conversions, per-link stats), each composed from the queries of src/queries for one scope.
 */
export function createReportSections(store: ClickStore) {
  async function breakdowns(
    scope: QueryScope,
    dimensions: Dimension[],
    limit: number,
    totalClicks: number,
    extra: { skipEmpty?: boolean } = {},
  ): Promise<BreakdownEntry[][]> {
    return Promise.all(
      dimensions.map((d) => getBreakdown(store, scope, d, { limit, totalClicks, ...extra })),
    );
  }

  async function geography(scope: QueryScope, limit: number, total: number): Promise<Geography> {
    const [countries = [], regions = [], cities = []] = await breakdowns(
      scope,
      ["country", "region", "city"],
      limit,
      total,
    );
    return { countries, regions, cities };
  }

  async function devices(scope: QueryScope, limit: number, total: number): Promise<Devices> {
    const [deviceTypes = [], browsers = [], operatingSystems = []] = await breakdowns(
      scope,
      ["deviceType", "browser", "os"],
      limit,
      total,
    );
    return { deviceTypes, browsers, operatingSystems };
  }

  async function referrers(scope: QueryScope, limit: number, total: number): Promise<Referrers> {
    const [hosts = [], categories = []] = await breakdowns(
      scope,
      ["referrerHost", "referrerCategory"],
      limit,
      total,
    );
    return { hosts, categories };
  }

  async function utm(
    scope: QueryScope,
    limit: number,
    total: number,
    taggedClicks: number,
  ): Promise<UtmBreakdown> {
    const [sources = [], mediums = [], campaigns = [], terms = [], contents = []] = await breakdowns(
      scope,
      ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"],
      limit,
      total,
      { skipEmpty: true },
    );
    return { sources, mediums, campaigns, terms, contents, taggedClicks };
  }

  async function trafficQuality(scope: QueryScope, limit: number): Promise<TrafficQuality> {
    const raw = await getRawClickCounts(store, scope);
    const botReasons = await getBreakdown(store, scope, "botReason", {
      limit,
      totalClicks: raw.clicks,
      only: "bots",
    });
    const { directClicks, taggedClicks: _tagged, ...counts } = raw;
    return {
      counts,
      botShare: counts.clicks + counts.bots > 0 ? counts.bots / (counts.clicks + counts.bots) : 0,
      botReasons,
      directClicks,
    };
  }

  async function conversionStats(scope: QueryScope, clicks: number): Promise<ConversionStats> {
    const [byEventRows, byVariantRows, variantClicks] = await Promise.all([
      getConversionGroups(store, scope, "event"),
      getConversionGroups(store, scope, "variant"),
      getBreakdown(store, scope, "variant", { limit: 100, totalClicks: clicks, skipEmpty: true }),
    ]);
    const group = (rows: typeof byEventRows, clicksOf: (key: string) => number): ConversionGroup[] => {
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
    const conversions = byEventRows.reduce((sum, row) => sum + row.conversions, 0);
    const clicksByVariant = new Map(variantClicks.map((entry) => [entry.key, entry.clicks]));
    return {
      conversions,
      clicks,
      conversionRate: rate(conversions, clicks),
      values: sumValues(byEventRows),
      byEvent: group(byEventRows, () => 0),
      byVariant: group(
        byVariantRows.filter((row) => row.key !== ""),
        (key) => clicksByVariant.get(key) ?? 0,
      ),
    };
  }

  async function linkStats(scope: QueryScope, order: LinkOrder, limit: number): Promise<LinkStats[]> {
    const totals = await getLinkTotals(store, scope, { limit, order });
    if (totals.length === 0) return [];
    const latest = await getLatestClicks(store, { ...scope, linkIds: totals.map((t) => t.link.linkId) });
    return totals.map(({ link, counts }) => ({
      link,
      counts,
      destinationUrl: latest.get(link.linkId)?.destinationUrl ?? "",
      lastClickAt: latest.get(link.linkId)?.lastClickAt ?? null,
    }));
  }

  return { breakdowns, geography, devices, referrers, utm, trafficQuality, conversionStats, linkStats };
}
