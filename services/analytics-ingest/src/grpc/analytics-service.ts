import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { callingAccount, type GrpcServiceImplementation, requireCallingService } from "@kurz/grpc";
import { analyticsV1, type commonV1 } from "@kurz/proto";
import type { AnalyticsReader } from "../analytics/analytics-reader";
import type {
  BreakdownEntry,
  ClickCounts,
  ClickDetail,
  Conversion,
  ConversionGroup,
  ConversionStats,
  Devices,
  Geography,
  Granularity,
  LinkRef,
  LinkStats,
  Period,
  Referrers,
  ResolvedRange,
  RuleEntry,
  TimelinePoint,
  TrafficQuality,
  UtmBreakdown,
} from "../analytics/analytics-types";
import type { TimeRangeInput } from "../analytics/resolve-time-range";
import type { ConversionRecorderDeps } from "../conversions/record-conversion";
import { recordConversion } from "../conversions/record-conversion";
import type { ResourceDirectory } from "../ownership/resource-directory";
import { trackQrScan } from "../scans/track-qr-scan";

type MethodsOf<T> = T extends GenService<infer S> ? S : never;

const PERIODS: Record<number, Period | undefined> = {
  [analyticsV1.Period.PERIOD_UNSPECIFIED]: undefined,
  [analyticsV1.Period.PERIOD_7D]: "7d",
  [analyticsV1.Period.PERIOD_30D]: "30d",
  [analyticsV1.Period.PERIOD_90D]: "90d",
  [analyticsV1.Period.PERIOD_1Y]: "1y",
};

const GRANULARITIES: Record<number, Granularity | undefined> = {
  [analyticsV1.Granularity.UNSPECIFIED]: undefined,
  [analyticsV1.Granularity.HOUR]: "hour",
  [analyticsV1.Granularity.DAY]: "day",
  [analyticsV1.Granularity.WEEK]: "week",
  [analyticsV1.Granularity.MONTH]: "month",
};

const GRANULARITY_ENUM: Record<Granularity, analyticsV1.Granularity> = {
  hour: analyticsV1.Granularity.HOUR,
  day: analyticsV1.Granularity.DAY,
  week: analyticsV1.Granularity.WEEK,
  month: analyticsV1.Granularity.MONTH,
};

function periodOf(value: analyticsV1.Period): Period | undefined {
  if (!(value in PERIODS)) throw new AppError("VALIDATION_ERROR", { message: "Unknown period" });
  return PERIODS[value];
}

function rangeIn(
  range: analyticsV1.TimeRange | undefined,
  granularity?: analyticsV1.Granularity,
): TimeRangeInput {
  return {
    period: periodOf(range?.period ?? analyticsV1.Period.PERIOD_UNSPECIFIED),
    start: range?.start ? timestampDate(range.start) : undefined,
    end: range?.end ? timestampDate(range.end) : undefined,
    granularity: GRANULARITIES[granularity ?? analyticsV1.Granularity.UNSPECIFIED],
  };
}

function pageIn(page: commonV1.PageRequest | undefined) {
  return { page: page?.page || undefined, limit: page?.limit || undefined };
}

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account a service-level call names (its caller verified it): a UUID, else VALIDATION_ERROR. */
function accountOfRequest(accountId: string): string {
  if (!ACCOUNT_ID.test(accountId)) {
    throw new AppError("VALIDATION_ERROR", { message: "account_id must be a UUID" });
  }
  return accountId.toLowerCase();
}

const n = (value: number) => BigInt(Math.max(0, Math.round(value)));

const rangeOut = (r: ResolvedRange) => ({
  start: timestampFromDate(r.start),
  end: timestampFromDate(r.end),
  granularity: GRANULARITY_ENUM[r.granularity],
});

const countsOut = (c: ClickCounts) => ({
  clicks: n(c.clicks),
  uniqueVisitors: n(c.uniqueVisitors),
  bots: n(c.bots),
  headRequests: n(c.headRequests),
  totalRequests: n(c.totalRequests),
  qrScans: n(c.qrScans),
});

const entryOut = (e: BreakdownEntry) => ({
  key: e.key,
  clicks: n(e.clicks),
  uniqueVisitors: n(e.uniqueVisitors),
  bots: n(e.bots),
  headRequests: n(e.headRequests),
  share: e.share,
  country: e.country ?? "",
  region: e.region ?? "",
});

const timelineOut = (points: TimelinePoint[]) =>
  points.map((p) => ({
    start: timestampFromDate(p.start),
    clicks: n(p.clicks),
    uniqueVisitors: n(p.uniqueVisitors),
    bots: n(p.bots),
    headRequests: n(p.headRequests),
  }));

const linkOut = (l: LinkRef) => ({ linkId: l.linkId, host: l.host, code: l.code });

const linkStatsOut = (s: LinkStats) => ({
  link: linkOut(s.link),
  counts: countsOut(s.counts),
  destinationUrl: s.destinationUrl,
  ...(s.lastClickAt ? { lastClickAt: timestampFromDate(s.lastClickAt) } : {}),
});

const geographyOut = (g: Geography) => ({
  countries: g.countries.map(entryOut),
  regions: g.regions.map(entryOut),
  cities: g.cities.map(entryOut),
});

const devicesOut = (d: Devices) => ({
  deviceTypes: d.deviceTypes.map(entryOut),
  browsers: d.browsers.map(entryOut),
  operatingSystems: d.operatingSystems.map(entryOut),
});

const referrersOut = (r: Referrers) => ({
  hosts: r.hosts.map(entryOut),
  categories: r.categories.map(entryOut),
});

const utmOut = (u: UtmBreakdown) => ({
  sources: u.sources.map(entryOut),
  mediums: u.mediums.map(entryOut),
  campaigns: u.campaigns.map(entryOut),
  terms: u.terms.map(entryOut),
  contents: u.contents.map(entryOut),
  taggedClicks: n(u.taggedClicks),
});

const qualityOut = (q: TrafficQuality) => ({
  counts: countsOut(q.counts),
  botShare: q.botShare,
  botReasons: q.botReasons.map(entryOut),
  directClicks: n(q.directClicks),
});

const groupOut = (g: ConversionGroup) => ({
  key: g.key,
  conversions: n(g.conversions),
  values: g.values,
  clicks: n(g.clicks),
  conversionRate: g.conversionRate,
});

const conversionStatsOut = (s: ConversionStats) => ({
  conversions: n(s.conversions),
  clicks: n(s.clicks),
  conversionRate: s.conversionRate,
  values: s.values,
  byEvent: s.byEvent.map(groupOut),
  byVariant: s.byVariant.map(groupOut),
});

const ruleOut = (r: RuleEntry) => ({
  ruleId: r.ruleId ?? "",
  clicks: n(r.clicks),
  uniqueVisitors: n(r.uniqueVisitors),
  bots: n(r.bots),
  headRequests: n(r.headRequests),
  share: r.share,
});

const clickOut = (c: ClickDetail) => ({
  ...c,
  clickedAt: timestampFromDate(c.clickedAt),
  link: linkOut(c.link),
});

const conversionOut = (c: Conversion) => ({
  conversionId: c.conversionId,
  clickId: c.clickId,
  link: linkOut(c.link),
  abTestId: c.abTestId,
  variantId: c.variantId,
  eventName: c.eventName,
  ...(c.value === null ? {} : { value: c.value }),
  currency: c.currency,
  metadataJson: c.metadata ? JSON.stringify(c.metadata) : "",
  occurredAt: timestampFromDate(c.occurredAt),
});

const pageOut = (p: { page: number; limit: number; total: number }) => ({
  page: p.page,
  limit: p.limit,
  total: BigInt(p.total),
});

/** Thin proto ↔ domain mapping of kurz.analytics.v1.AnalyticsService; the reader does the work. */
export function createAnalyticsService(
  reader: AnalyticsReader,
  conversions: ConversionRecorderDeps,
  directory: ResourceDirectory,
): GrpcServiceImplementation<MethodsOf<typeof analyticsV1.AnalyticsService>> {
  return {
    async getLinkStats(request, context) {
      const r = await reader.getLinkSummary(callingAccount(context), request.link, periodOf(request.period));
      return {
        links: r.links.map(linkOut),
        range: rangeOut(r.range),
        counts: countsOut(r.counts),
        timeline: timelineOut(r.timeline),
      };
    },
    async getGeography(request, context) {
      const r = await reader.getGeography(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        request.limit,
      );
      return { range: rangeOut(r.range), geography: geographyOut(r.geography) };
    },
    async getDevices(request, context) {
      const r = await reader.getDevices(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        request.limit,
      );
      return { range: rangeOut(r.range), devices: devicesOut(r.devices) };
    },
    async getReferrers(request, context) {
      const r = await reader.getReferrers(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        request.limit,
      );
      return { range: rangeOut(r.range), referrers: referrersOut(r.referrers) };
    },
    async getUtmBreakdown(request, context) {
      const r = await reader.getUtmBreakdown(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        request.limit,
      );
      return { range: rangeOut(r.range), utm: utmOut(r.utm) };
    },
    async listLinksWithUtm(request, context) {
      const r = await reader.listLinksWithUtm(
        callingAccount(context),
        rangeIn(request.range),
        pageIn(request.page),
      );
      return {
        range: rangeOut(r.range),
        links: r.links.map((l) => ({
          stats: { link: linkOut(l.link), counts: countsOut(l.counts), destinationUrl: "" },
          taggedClicks: n(l.taggedClicks),
          topSource: l.topSource,
          topMedium: l.topMedium,
          topCampaign: l.topCampaign,
        })),
        page: pageOut(r.page),
      };
    },
    async getCompleteAnalytics(request, context) {
      const r = await reader.getCompleteAnalytics(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        request.limit,
      );
      return {
        links: r.links.map(linkOut),
        range: rangeOut(r.range),
        counts: countsOut(r.counts),
        timeline: timelineOut(r.timeline),
        geography: geographyOut(r.geography),
        devices: devicesOut(r.devices),
        referrers: referrersOut(r.referrers),
        utm: utmOut(r.utm),
        trafficQuality: qualityOut(r.trafficQuality),
        conversions: conversionStatsOut(r.conversions),
      };
    },
    async getAccountOverview(request, context) {
      const r = await reader.getAccountOverview(callingAccount(context), rangeIn(request.range));
      return {
        range: rangeOut(r.range),
        counts: countsOut(r.counts),
        previous: countsOut(r.previous),
        linksClicked: n(r.linksClicked),
        topLinks: r.topLinks.map(linkStatsOut),
        topCountries: r.topCountries.map(entryOut),
        topReferrers: r.topReferrers.map(entryOut),
        conversions: n(r.conversions),
      };
    },
    async getClicksTimeline(request, context) {
      const r = await reader.getClicksTimeline(
        callingAccount(context),
        request.link,
        rangeIn(request.range, request.granularity),
      );
      return { range: rangeOut(r.range), timeline: timelineOut(r.timeline) };
    },
    async getTopLinks(request, context) {
      const order = request.order === analyticsV1.TopLinksOrder.UNIQUE_VISITORS ? "uniqueVisitors" : "clicks";
      const r = await reader.getTopLinks(
        callingAccount(context),
        rangeIn(request.range),
        request.limit,
        order,
      );
      return { range: rangeOut(r.range), links: r.links.map(linkStatsOut) };
    },
    async getTrafficQuality(request, context) {
      const r = await reader.getTrafficQuality(callingAccount(context), request.link, rangeIn(request.range));
      return { range: rangeOut(r.range), quality: qualityOut(r.quality) };
    },
    async listClickDetails(request, context) {
      const r = await reader.listClickDetails(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
        pageIn(request.page),
        request.includeBots,
      );
      return { range: rangeOut(r.range), clicks: r.clicks.map(clickOut), page: pageOut(r.page) };
    },
    async getRecentActivity(request, context) {
      const r = await reader.getRecentActivity(callingAccount(context), request.limit);
      return { clicks: r.clicks.map(clickOut) };
    },
    async getDomainAnalytics(request, context) {
      const r = await reader.getDomainAnalytics(
        callingAccount(context),
        rangeIn(request.range),
        request.host || undefined,
      );
      return {
        range: rangeOut(r.range),
        domains: r.domains.map((d) => ({ host: d.host, counts: countsOut(d.counts), links: n(d.links) })),
      };
    },
    async getCampaignAnalytics(request, context) {
      const r = await reader.getCampaignAnalytics(
        callingAccount(context),
        request.campaignId,
        rangeIn(request.range),
      );
      return {
        range: rangeOut(r.range),
        counts: countsOut(r.counts),
        timeline: timelineOut(r.timeline),
        links: r.links.map(linkStatsOut),
        conversions: conversionStatsOut(r.conversions),
        referrers: referrersOut(r.referrers),
      };
    },
    async getQrAnalytics(request, context) {
      const r = await reader.getQrAnalytics(callingAccount(context), request.link, rangeIn(request.range));
      return {
        range: rangeOut(r.range),
        counts: countsOut(r.counts),
        timeline: timelineOut(r.timeline),
        links: r.links.map(linkStatsOut),
        countries: r.countries.map(entryOut),
        deviceTypes: r.deviceTypes.map(entryOut),
      };
    },
    async getConversionStats(request, context) {
      const r = await reader.getConversionStats(
        callingAccount(context),
        request.link,
        rangeIn(request.range),
      );
      return { range: rangeOut(r.range), stats: conversionStatsOut(r.stats) };
    },
    async getRuleAnalytics(request, context) {
      const r = await reader.getRuleAnalytics(callingAccount(context), request.link, rangeIn(request.range));
      return { range: rangeOut(r.range), rules: r.rules.map(ruleOut), totalClicks: n(r.totalClicks) };
    },
    async getVariantStats(request, context) {
      requireCallingService(context, "abtest-engine");
      const r = await reader.getAbTestCounts(accountOfRequest(request.accountId), {
        testId: request.abTestId,
        linkId: request.linkId,
        since: request.since ? timestampDate(request.since) : undefined,
        days: request.days,
      });
      return {
        range: rangeOut(r.range),
        variants: r.variants.map((v) => ({
          variantId: v.variantId,
          clicks: n(v.exposures),
          uniqueVisitors: n(v.visitors),
          abVisitors: n(v.visitors),
          conversions: n(v.converters),
          conversionRate: v.visitors === 0 ? 0 : v.converters / v.visitors,
          timeline: v.timeline.map((day) => ({
            start: timestampFromDate(day.start),
            clicks: n(day.exposures),
            uniqueVisitors: n(day.visitors),
          })),
          timelineAbVisitors: v.timeline.map((day) => n(day.visitors)),
          timelineConversions: v.timeline.map((day) => n(day.converters)),
        })),
      };
    },
    async trackQrScan(request, context) {
      const clickId = await trackQrScan(
        { producer: conversions.producer, source: conversions.source, directory, clock: conversions.clock },
        callingAccount(context),
        request,
      );
      return { clickId };
    },
    async recordConversion(request, context) {
      let metadata: Record<string, unknown> | undefined;
      if (request.metadataJson !== "") {
        try {
          metadata = JSON.parse(request.metadataJson) as Record<string, unknown>;
        } catch {
          throw new AppError("VALIDATION_ERROR", {
            message: "metadata_json is not valid JSON",
            details: { field: "metadata" },
          });
        }
      }
      const { conversion } = await recordConversion(conversions, callingAccount(context), {
        svcClickId: request.svcClickId,
        eventName: request.eventName,
        value: request.value,
        currency: request.currency,
        metadata,
        idempotencyKey: request.idempotencyKey,
      });
      return { conversion: conversionOut(conversion) } satisfies MessageInitShape<
        typeof analyticsV1.RecordConversionResponseSchema
      >;
    },
  };
}
