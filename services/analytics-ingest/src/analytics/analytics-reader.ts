import type { ClickStore } from "@kurz/clickstore";
import { type Clock, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import type { ResourceDirectory } from "../ownership/resource-directory";
import { findHourlyRollupsStart } from "../queries/find-hourly-rollups-start";
import { findLinks } from "../queries/find-links";
import { type AbCounts, getAbTestCounts } from "../queries/get-ab-test-counts";
import { getBreakdowns } from "../queries/get-breakdowns";
import { getConversionGroups } from "../queries/get-conversion-groups";
import { getHostTotals } from "../queries/get-host-totals";
import { getLinkTotals, type LinkOrder } from "../queries/get-link-totals";
import { getQrLinkTotals } from "../queries/get-qr-link-totals";
import { getRuleTotals } from "../queries/get-rule-totals";
import { getScopeTotals } from "../queries/get-scope-totals";
import { getVariantTimeline } from "../queries/get-variant-timeline";
import { listClicks } from "../queries/list-clicks";
import { listUtmLinks, type UtmLinkRow } from "../queries/list-utm-links";
import { coverageOf } from "../queries/plan-reads";
import { isAccountScope, type QueryScope } from "../queries/query-scope";
import type {
  ClickCounts,
  ClickDetail,
  LinkRef,
  PageInfo,
  Period,
  ResolvedRange,
  TimelinePoint,
} from "./analytics-types";
import type { DayCoverageLookup } from "./cache-day-coverage";
import type { LinkLookup } from "./cache-link-lookup";
import {
  conversionStatsOf,
  devicesOf,
  geographyOf,
  rate,
  referrersOf,
  rulesOf,
  type Section,
  sectionRequests,
  trafficQualityOf,
  utmOf,
} from "./report-sections";
import { bucketStarts, resolveTimeRange, type TimeRangeInput } from "./resolve-time-range";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/**
 * UTC days (today included) the insert-fed hourly rollups are read for; they keep a day longer
 * than that (clickhouse/022), and older hours are read from clicks_v1.
 */
const HOURLY_ROLLUP_DAYS = 7;

export interface PageInput {
  page?: number | undefined;
  limit?: number | undefined;
}

function clamp(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || value === 0) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new AppError("VALIDATION_ERROR", { message: "limit and page must be positive integers" });
  }
  return Math.min(value, max);
}

function paging(
  input: PageInput | undefined,
  maxLimit = 100,
): { page: number; limit: number; offset: number } {
  const page = clamp(input?.page, 1, 1_000_000);
  const limit = clamp(input?.limit, 10, maxLimit);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * Every analytics question of the REST API and the MCP tools (through AnalyticsService), for one
 * account. Each method composes the one-query-per-file functions of src/queries; links,
 * campaigns and hosts named by the caller are checked with link-api first (`directory`), so an
 * unknown or foreign one is a 404, never a report of zeros.
 */
export function createAnalyticsReader(
  store: ClickStore,
  directory: ResourceDirectory,
  options: {
    coverage?: DayCoverageLookup;
    links?: LinkLookup;
    /**
     * Where a period's window ends: the service's clock, the one the redirector stamps clicks
     * with (tests move it); default the system's.
     */
    clock?: Clock;
    /**
     * false: hours the insert-fed hourly rollups answer are read from clicks_v1 instead, as before
     * those existed (the exactness test holds both paths to the same answers). Default true.
     */
    hourlyRollups?: boolean;
  } = {},
) {
  const clock = options.clock ?? systemClock;
  let hourlyStart: Promise<number | undefined> | undefined;
  /** Written once by its migration: read once (a failed read is tried again by the next report). */
  const hourlyFrom = (): Promise<number | undefined> => {
    if (options.hourlyRollups === false) return Promise.resolve(undefined);
    if (!hourlyStart) {
      hourlyStart = findHourlyRollupsStart(store);
      hourlyStart.catch(() => {
        hourlyStart = undefined;
      });
    }
    return hourlyStart;
  };
  const now = () => clock.now().getTime();
  const linkLookup: LinkLookup = options.links ?? ((accountId, code) => findLinks(store, accountId, code));
  const coverageLookup: DayCoverageLookup =
    options.coverage ?? ((scope, range) => coverageOf(store, scope, range));
  /**
   * A link reference (id or code) of the account as link ids: the link link-api knows (URL_NOT_FOUND
   * when it knows none of the account's), plus the account's other clicked links with that code.
   */
  async function resolveLinks(
    accountId: string,
    ref: string,
  ): Promise<{ links: LinkRef[]; linkIds: string[] }> {
    const trimmed = ref.trim();
    if (trimmed === "" || trimmed.length > 100) {
      throw new AppError("VALIDATION_ERROR", { message: "A link id or short code is required" });
    }
    const [owned, clicked] = await Promise.all([
      directory.findLink(accountId, trimmed),
      UUID.test(trimmed) ? [] : linkLookup(accountId, trimmed),
    ]);
    const links = clicked.some((link) => link.linkId === owned.linkId)
      ? clicked
      : [...clicked, { linkId: owned.linkId, host: owned.host, code: owned.code }];
    return { links, linkIds: links.map((link) => link.linkId) };
  }

  async function scopeFor(
    accountId: string,
    link: string | undefined,
    range: TimeRangeInput,
  ): Promise<{ scope: QueryScope; links: LinkRef[] }> {
    const at = now();
    const resolved = resolveTimeRange(range, at);
    const oldestHourly = (Math.floor(at / DAY_MS) - (HOURLY_ROLLUP_DAYS - 1)) * DAY_MS;
    const from = hourlyFrom().then((since) =>
      since === undefined ? undefined : Math.max(since, oldestHourly),
    );
    if (link === undefined || link === "")
      return { scope: { accountId, range: resolved, hourlyFrom: await from }, links: [] };
    const [{ links, linkIds }, hourly] = await Promise.all([resolveLinks(accountId, link), from]);
    return { scope: { accountId, range: resolved, linkIds, hourlyFrom: hourly }, links };
  }

  const breakdownLimit = (limit: number | undefined) => clamp(limit, 50, 500);

  /** Which whole days of the scope's window the job-written rollups answer (one statement). */
  const coverage = (scope: QueryScope, range: ResolvedRange = scope.range) => coverageLookup(scope, range);
  /** The coverage a totals-only report needs: accounts and campaigns over whole days. */
  const totalsCoverage = (scope: QueryScope) =>
    isAccountScope(scope) && scope.range.granularity !== "hour"
      ? coverage(scope)
      : Promise.resolve(undefined);

  /**
   * Totals and timeline, and the breakdowns of the sections asked for: the coverage, then both
   * at once (three statements; the click store runs independent ones in parallel).
   */
  async function sectionsOf(scope: QueryScope, sections: ReadonlyArray<{ section: Section; limit: number }>) {
    const days = await coverage(scope);
    const totals = getScopeTotals(store, scope, days);
    const [resolved, map] = await Promise.all([
      totals,
      getBreakdowns(
        store,
        scope,
        days,
        sectionRequests(sections),
        totals.then((t) => t.counts.clicks),
      ),
    ]);
    return { ...resolved, map, days };
  }

  async function getCompleteAnalytics(
    accountId: string,
    link: string | undefined,
    range: TimeRangeInput,
    limit?: number,
  ) {
    const { scope, links } = await scopeFor(accountId, link, range);
    const size = breakdownLimit(limit);
    const [{ counts, timeline, map }, groups] = await Promise.all([
      sectionsOf(
        scope,
        (["geography", "devices", "referrers", "utm", "trafficQuality", "conversions"] as const).map(
          (section) => ({ section, limit: size }),
        ),
      ),
      getConversionGroups(store, scope),
    ]);
    return {
      links,
      range: scope.range,
      counts,
      timeline,
      geography: geographyOf(map, size),
      devices: devicesOf(map, size),
      referrers: referrersOf(map, size),
      utm: utmOf(map, size),
      trafficQuality: trafficQualityOf(counts, map, size),
      conversions: conversionStatsOf(groups, map, counts.clicks),
    };
  }

  return {
    resolveLinks,

    /**
     * GET /api/v1/analytics/{id}: what people expect at a link's analytics address, the whole
     * report (counts, timeline, geography, devices with browsers and OS, referrers, UTM, bots,
     * conversions) — a superset of the counts and timeline this route answered first.
     */
    async getLinkStats(accountId: string, link: string, range: TimeRangeInput, limit?: number) {
      if (!link) throw new AppError("VALIDATION_ERROR", { message: "A link id or short code is required" });
      return getCompleteAnalytics(accountId, link, range, limit);
    },

    /** getStats (gRPC GetLinkStats): counts and timeline only, one statement. */
    async getLinkSummary(accountId: string, link: string, period: Period | undefined) {
      if (!link) throw new AppError("VALIDATION_ERROR", { message: "A link id or short code is required" });
      const { scope, links } = await scopeFor(accountId, link, { period });
      const { counts, timeline } = await getScopeTotals(store, scope, await totalsCoverage(scope));
      return { links, range: scope.range, counts, timeline };
    },

    async getGeography(accountId: string, link: string | undefined, range: TimeRangeInput, limit?: number) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const size = breakdownLimit(limit);
      const { map } = await sectionsOf(scope, [{ section: "geography", limit: size }]);
      return { links, range: scope.range, geography: geographyOf(map, size) };
    },

    async getDevices(accountId: string, link: string | undefined, range: TimeRangeInput, limit?: number) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const size = breakdownLimit(limit);
      const { map } = await sectionsOf(scope, [{ section: "devices", limit: size }]);
      return { links, range: scope.range, devices: devicesOf(map, size) };
    },

    async getReferrers(accountId: string, link: string | undefined, range: TimeRangeInput, limit?: number) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const size = breakdownLimit(limit);
      const { map } = await sectionsOf(scope, [{ section: "referrers", limit: size }]);
      return { links, range: scope.range, referrers: referrersOf(map, size) };
    },

    async getUtmBreakdown(
      accountId: string,
      link: string | undefined,
      range: TimeRangeInput,
      limit?: number,
    ) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const size = breakdownLimit(limit);
      const { map } = await sectionsOf(scope, [{ section: "utm", limit: size }]);
      return { links, range: scope.range, utm: utmOf(map, size) };
    },

    async listLinksWithUtm(
      accountId: string,
      range: TimeRangeInput,
      page?: PageInput,
    ): Promise<{ range: ResolvedRange; links: Array<UtmLinkRow>; page: PageInfo }> {
      const { scope } = await scopeFor(accountId, undefined, range);
      const p = paging(page);
      const { links, total } = await listUtmLinks(store, scope, await coverage(scope), p);
      return { range: scope.range, links, page: { page: p.page, limit: p.limit, total } };
    },

    getCompleteAnalytics,

    async getAccountOverview(accountId: string, range: TimeRangeInput) {
      const { scope } = await scopeFor(accountId, undefined, range);
      const span = scope.range.end.getTime() - scope.range.start.getTime();
      const previousRange: ResolvedRange = {
        ...scope.range,
        start: new Date(scope.range.start.getTime() - span),
        end: scope.range.start,
      };
      const conversions = getConversionGroups(store, scope);
      conversions.catch(() => undefined); // awaited below; not unhandled if the coverage fails first
      const days = await coverage(scope, { ...scope.range, start: previousRange.start });
      const totals = getScopeTotals(store, scope, days, { previous: previousRange });
      const [{ counts, previous }, top, groups, map] = await Promise.all([
        totals,
        getLinkTotals(store, scope, days, { limit: 5, order: "clicks" }),
        conversions,
        getBreakdowns(
          store,
          scope,
          days,
          [
            { dimension: "country", limit: 5 },
            { dimension: "referrerHost", limit: 5 },
          ],
          totals.then((t) => t.counts.clicks),
        ),
      ]);
      return {
        range: scope.range,
        counts,
        previous: previous as ClickCounts,
        linksClicked: top.linksClicked,
        topLinks: top.links,
        topCountries: map.get("country") ?? [],
        topReferrers: map.get("referrerHost") ?? [],
        conversions: groups.byEvent.reduce((sum, row) => sum + row.conversions, 0),
      };
    },

    async getClicksTimeline(
      accountId: string,
      link: string | undefined,
      range: TimeRangeInput,
    ): Promise<{ links: LinkRef[]; range: ResolvedRange; timeline: TimelinePoint[] }> {
      const { scope, links } = await scopeFor(accountId, link, range);
      return {
        links,
        range: scope.range,
        timeline: (await getScopeTotals(store, scope, await totalsCoverage(scope))).timeline,
      };
    },

    async getTopLinks(accountId: string, range: TimeRangeInput, limit?: number, order: LinkOrder = "clicks") {
      const { scope } = await scopeFor(accountId, undefined, range);
      const { links } = await getLinkTotals(store, scope, await coverage(scope), {
        limit: clamp(limit, 10, 100),
        order,
      });
      return { range: scope.range, links };
    },

    /**
     * Human clicks, unique visitors, bots and HEAD requests of one link per redirect rule (the
     * default destination as rule null). Rule ids only: link-api owns the rules and their names.
     */
    async getRuleAnalytics(accountId: string, link: string, range: TimeRangeInput) {
      if (!link) throw new AppError("VALIDATION_ERROR", { message: "A link id or short code is required" });
      const { scope, links } = await scopeFor(accountId, link, range);
      return { links, range: scope.range, ...rulesOf(await getRuleTotals(store, scope)) };
    },

    async getTrafficQuality(accountId: string, link: string | undefined, range: TimeRangeInput) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const { counts, map } = await sectionsOf(scope, [{ section: "trafficQuality", limit: 50 }]);
      return { links, range: scope.range, quality: trafficQualityOf(counts, map, 50) };
    },

    async listClickDetails(
      accountId: string,
      link: string | undefined,
      range: TimeRangeInput,
      page: PageInput | undefined,
      includeBots: boolean,
    ): Promise<{ links: LinkRef[]; range: ResolvedRange; clicks: ClickDetail[]; page: PageInfo }> {
      const { scope, links } = await scopeFor(accountId, link, range);
      const p = paging(page);
      const { clicks, total } = await listClicks(store, scope, { ...p, includeBots });
      return { links, range: scope.range, clicks, page: { page: p.page, limit: p.limit, total } };
    },

    /**
     * The scope of a click export: the same link check (404 for an unknown or foreign link) and
     * the same window as listClickDetails; the pages are read by queries/export-click-pages.ts.
     */
    async clickExportScope(accountId: string, link: string | undefined, range: TimeRangeInput) {
      return (await scopeFor(accountId, link, range)).scope;
    },

    async getRecentActivity(accountId: string, limit?: number): Promise<{ clicks: ClickDetail[] }> {
      const { scope } = await scopeFor(accountId, undefined, {
        start: new Date(now() - 30 * DAY_MS),
        end: new Date(now()),
      });
      const { clicks } = await listClicks(store, scope, {
        limit: clamp(limit, 20, 100),
        offset: 0,
        includeBots: false,
      });
      return { clicks };
    },

    async getDomainAnalytics(accountId: string, range: TimeRangeInput, host?: string) {
      if (host) await directory.assertHost(accountId, host.toLowerCase());
      const { scope } = await scopeFor(accountId, undefined, range);
      const hostScope: QueryScope = host ? { ...scope, host: host.toLowerCase() } : scope;
      return { range: scope.range, domains: await getHostTotals(store, hostScope) };
    },

    async getCampaignAnalytics(accountId: string, campaignId: string, range: TimeRangeInput) {
      if (!UUID.test(campaignId))
        throw new AppError("VALIDATION_ERROR", { message: "campaign_id must be a UUID" });
      await directory.assertCampaign(accountId, campaignId.toLowerCase());
      const { scope: base } = await scopeFor(accountId, undefined, range);
      const scope: QueryScope = { ...base, campaignId: campaignId.toLowerCase() };
      const conversions = getConversionGroups(store, scope);
      conversions.catch(() => undefined); // awaited below; not unhandled if the coverage fails first
      const days = await coverage(scope);
      const totals = getScopeTotals(store, scope, days);
      const [{ counts, timeline }, map, { links }, groups] = await Promise.all([
        totals,
        getBreakdowns(
          store,
          scope,
          days,
          sectionRequests([
            { section: "referrers", limit: 50 },
            { section: "conversions", limit: 100 },
          ]),
          totals.then((t) => t.counts.clicks),
        ),
        getLinkTotals(store, scope, days, { limit: 100, order: "clicks" }),
        conversions,
      ]);
      return {
        range: scope.range,
        counts,
        timeline,
        links,
        conversions: conversionStatsOf(groups, map, counts.clicks),
        referrers: referrersOf(map, 50),
      };
    },

    async getQrAnalytics(accountId: string, link: string | undefined, range: TimeRangeInput) {
      const { scope: base } = await scopeFor(accountId, link, range);
      const scope: QueryScope = { ...base, qrOnly: true };
      const days = scope.range.granularity === "hour" ? undefined : await coverage(scope);
      const totals = getScopeTotals(store, scope, days);
      const [{ counts, timeline }, map, links] = await Promise.all([
        totals,
        getBreakdowns(
          store,
          scope,
          days,
          [
            { dimension: "qrCountry", limit: 50 },
            { dimension: "qrDeviceType", limit: 50 },
          ],
          totals.then((t) => t.counts.clicks),
        ),
        getQrLinkTotals(store, scope, days, 100),
      ]);
      return {
        range: scope.range,
        counts,
        timeline,
        links,
        countries: map.get("qrCountry") ?? [],
        deviceTypes: map.get("qrDeviceType") ?? [],
      };
    },

    async getConversionStats(accountId: string, link: string | undefined, range: TimeRangeInput) {
      const { scope, links } = await scopeFor(accountId, link, range);
      const [{ counts, map }, groups] = await Promise.all([
        sectionsOf(scope, [{ section: "conversions", limit: 100 }]),
        getConversionGroups(store, scope),
      ]);
      return { links, range: scope.range, stats: conversionStatsOf(groups, map, counts.clicks) };
    },

    /**
     * abtest-engine's counts of one test (its exposures, distinct A/B visitors and converting
     * visitors per variant): totals since `since`, and a timeline of the last `days` whole UTC
     * days, today included.
     */
    async getAbTestCounts(
      accountId: string,
      input: { testId: string; linkId: string; since: Date | undefined; days: number | undefined },
    ) {
      if (!UUID.test(input.testId) || !UUID.test(input.linkId))
        throw new AppError("VALIDATION_ERROR", { message: "ab_test_id and link_id must be UUIDs" });
      const span = clamp(input.days, 7, 366);
      const end = new Date(now());
      const today = Math.floor(end.getTime() / DAY_MS) * DAY_MS;
      const timelineStart = new Date(today - (span - 1) * DAY_MS);
      const since = input.since ?? timelineStart;
      if (since.getTime() > end.getTime())
        throw new AppError("VALIDATION_ERROR", { message: "since lies in the future" });
      const counts = await getAbTestCounts(store, {
        accountId,
        testId: input.testId,
        linkId: input.linkId,
        since,
        timelineStart,
        end,
      });
      const zero: AbCounts = { exposures: 0, visitors: 0, converters: 0 };
      const days = Array.from({ length: span }, (_, i) => timelineStart.getTime() + i * DAY_MS);
      return {
        range: { start: timelineStart, end, granularity: "day" as const },
        variants: counts.map((variant) => ({
          variantId: variant.variantId,
          ...variant.totals,
          timeline: days.map((day) => ({ start: new Date(day), ...(variant.days.get(day) ?? zero) })),
        })),
      };
    },

    async getVariantStats(accountId: string, abTestId: string, days: number | undefined) {
      if (abTestId.trim() === "")
        throw new AppError("VALIDATION_ERROR", { message: "ab_test_id is required" });
      const span = clamp(days, 7, 366);
      const end = new Date(now());
      const { scope: base } = await scopeFor(accountId, undefined, {
        start: new Date(end.getTime() - span * DAY_MS),
        end,
        granularity: "day",
      });
      const scope: QueryScope = { ...base, abTestId };
      const [timeline, groups, breakdowns] = await Promise.all([
        getVariantTimeline(store, scope),
        getConversionGroups(store, scope),
        getBreakdowns(store, scope, undefined, [{ dimension: "variant", limit: 100 }]),
      ]);
      const conversions = groups.byVariant;
      const variantIds = [...new Set([...timeline.map((t) => t.variantId), ...conversions.map((c) => c.key)])]
        .filter((id) => id !== "")
        .sort();
      const uniques = breakdowns.get("variant") ?? [];
      const days_ = bucketStarts(scope.range);
      return {
        range: scope.range,
        variants: variantIds.map((variantId) => {
          const points = timeline.filter((t) => t.variantId === variantId);
          const clicks = points.reduce((sum, p) => sum + p.clicks, 0);
          const converted = conversions
            .filter((c) => c.key === variantId)
            .reduce((sum, c) => sum + c.conversions, 0);
          return {
            variantId,
            clicks,
            uniqueVisitors: uniques.find((u) => u.key === variantId)?.uniqueVisitors ?? 0,
            conversions: converted,
            conversionRate: rate(converted, clicks),
            timeline: days_.map((start) => {
              const point = points.find((p) => p.day === start);
              return {
                start: new Date(start),
                clicks: point?.clicks ?? 0,
                uniqueVisitors: point?.uniqueVisitors ?? 0,
                bots: 0,
                headRequests: 0,
              };
            }),
          };
        }),
      };
    },
  };
}

export type AnalyticsReader = ReturnType<typeof createAnalyticsReader>;
