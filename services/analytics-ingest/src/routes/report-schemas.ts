import { z } from "zod";

/**
 * The JSON body of every analytics report, for the OpenAPI document (and so the dashboard's
 * generated types). The reader answers plain objects (analytics-types.ts, with Dates); these are
 * the same shapes as JSON, with dates as ISO 8601 strings. Responses are written with
 * JSON.stringify, not through these schemas; test/report-schemas.test.ts checks real answers of
 * every route against them, strictly, so the document cannot drift from what is sent.
 */

const isoTime = z.string().describe("ISO 8601 time, UTC");
const count = z.number().int().nonnegative();
const fraction = z.number().min(0).max(1);

const range = z
  .object({
    start: isoTime,
    end: isoTime,
    granularity: z.enum(["hour", "day", "week", "month"]).describe("Of the timeline's buckets"),
  })
  .meta({ id: "ReportRange" });

const counts = z
  .object({
    clicks: count.describe("Human clicks (GET, not a bot)"),
    uniqueVisitors: count.describe("Distinct human visitors (salted daily hashes; approximate)"),
    bots: count,
    headRequests: count,
    totalRequests: count.describe("clicks + bots + headRequests"),
    qrScans: count.describe("Human clicks that came from a QR code"),
  })
  .meta({ id: "ClickCounts" });

const breakdownEntry = z
  .object({
    key: z.string().describe('"" when unknown (no referrer, an address outside the geography data, …)'),
    clicks: count,
    uniqueVisitors: count,
    bots: count,
    headRequests: count,
    share: fraction.describe("Of the scope's human clicks"),
    country: z.string().optional().describe("Regions and cities: their country"),
    region: z.string().optional().describe("Cities: their region"),
  })
  .meta({ id: "BreakdownEntry" });
const breakdown = z.array(breakdownEntry);

const timelinePoint = z
  .object({
    start: isoTime.describe("Start of the bucket"),
    clicks: count,
    uniqueVisitors: count,
    bots: count,
    headRequests: count,
  })
  .meta({ id: "TimelinePoint" });
const timeline = z.array(timelinePoint).describe("Every bucket of the range, empty ones included");

const linkRef = z
  .object({ linkId: z.string(), host: z.string().describe("Short host"), code: z.string() })
  .meta({ id: "LinkRef" });
const links = z.array(linkRef).describe("The link the report is about; empty for account-wide reports");

const linkStats = z
  .object({
    link: linkRef,
    counts,
    destinationUrl: z.string(),
    lastClickAt: isoTime.nullable(),
  })
  .meta({ id: "LinkStats" });

const geography = z
  .object({ countries: breakdown, regions: breakdown, cities: breakdown })
  .meta({ id: "Geography" });
const devices = z
  .object({ deviceTypes: breakdown, browsers: breakdown, operatingSystems: breakdown })
  .meta({ id: "Devices" });
const referrers = z
  .object({
    hosts: breakdown,
    categories: breakdown.describe("direct, search, social, email, internal, referral"),
  })
  .meta({ id: "Referrers" });
const utm = z
  .object({
    sources: breakdown,
    mediums: breakdown,
    campaigns: breakdown,
    terms: breakdown,
    contents: breakdown,
    taggedClicks: count.describe("Human clicks that carried any UTM parameter"),
  })
  .meta({ id: "UtmBreakdown" });
const trafficQuality = z
  .object({
    counts,
    botShare: fraction.describe("bots / (clicks + bots)"),
    botReasons: breakdown,
    directClicks: count.describe("Human clicks without a referrer"),
  })
  .meta({ id: "TrafficQuality" });

const currencyTotal = z
  .object({ currency: z.string().describe('ISO 4217; "" for values sent without one'), value: z.number() })
  .meta({ id: "CurrencyTotal" });
const conversionGroup = z
  .object({
    key: z.string().describe("Event name, or variant id"),
    conversions: count,
    values: z.array(currencyTotal),
    clicks: count,
    conversionRate: z.number().nonnegative(),
  })
  .meta({ id: "ConversionGroup" });
const conversionStats = z
  .object({
    conversions: count,
    clicks: count,
    conversionRate: z.number().nonnegative().describe("conversions / clicks"),
    values: z.array(currencyTotal),
    byEvent: z.array(conversionGroup),
    byVariant: z.array(conversionGroup),
  })
  .meta({ id: "ConversionStats" });

const clickDetail = z
  .object({
    clickId: z.string(),
    clickedAt: isoTime,
    link: linkRef,
    method: z.string(),
    bot: z.boolean(),
    botReason: z.string(),
    qr: z.boolean(),
    deviceType: z.string(),
    browser: z.string(),
    browserVersion: z.string(),
    os: z.string(),
    osVersion: z.string(),
    country: z.string(),
    region: z.string(),
    city: z.string(),
    referrer: z.string(),
    referrerHost: z.string(),
    referrerCategory: z.string(),
    utmSource: z.string(),
    utmMedium: z.string(),
    utmCampaign: z.string(),
    utmTerm: z.string(),
    utmContent: z.string(),
    abTestId: z.string(),
    variantId: z.string(),
    campaignId: z.string(),
    destinationUrl: z.string(),
  })
  .meta({ id: "ClickDetail" });

const page = z.object({ page: count, limit: count, total: count }).meta({ id: "PageInfo" });

const completeReport = z
  .object({
    links,
    range,
    counts,
    timeline,
    geography,
    devices,
    referrers,
    utm,
    trafficQuality,
    conversions: conversionStats,
  })
  .meta({ id: "CompleteReport" });

const utmLink = z.object({
  link: linkRef,
  counts,
  taggedClicks: count,
  topSource: z.string(),
  topMedium: z.string(),
  topCampaign: z.string(),
});

const variantTimeline = z.object({
  variantId: z.string(),
  clicks: count,
  uniqueVisitors: count,
  conversions: count,
  conversionRate: z.number().nonnegative(),
  timeline,
});

const ruleEntry = z
  .object({
    ruleId: z
      .string()
      .nullable()
      .describe("The redirect rule that chose the destination; null: the link's default"),
    clicks: count,
    uniqueVisitors: count,
    bots: count,
    headRequests: count,
    share: fraction.describe("Of the link's human clicks"),
  })
  .meta({ id: "RuleEntry" });

/** Each report's `analytics` member, by the reader method that answers it. */
export const REPORT_SCHEMAS = {
  complete: completeReport,
  geography: z.object({ links, range, geography }).meta({ id: "GeographyReport" }),
  devices: z.object({ links, range, devices }).meta({ id: "DevicesReport" }),
  referrers: z.object({ links, range, referrers }).meta({ id: "ReferrersReport" }),
  utm: z.object({ links, range, utm }).meta({ id: "UtmReport" }),
  timeline: z.object({ links, range, timeline }).meta({ id: "TimelineReport" }),
  clicks: z.object({ links, range, clicks: z.array(clickDetail), page }).meta({ id: "ClicksReport" }),
  trafficQuality: z.object({ links, range, quality: trafficQuality }).meta({ id: "TrafficQualityReport" }),
  conversions: z.object({ links, range, stats: conversionStats }).meta({ id: "ConversionsReport" }),
  rules: z
    .object({
      links,
      range,
      rules: z
        .array(ruleEntry)
        .describe(
          "Every rule with a request in the range, and the default destination always; most clicks first",
        ),
      totalClicks: count.describe("Human clicks of the link in the range"),
    })
    .meta({ id: "RulesReport" }),
  qr: z
    .object({
      range,
      counts,
      timeline,
      links: z.array(linkStats).describe("Links by QR scans, most first"),
      countries: breakdown,
      deviceTypes: breakdown,
    })
    .meta({ id: "QrReport" }),
  overview: z
    .object({
      range,
      counts,
      previous: counts.describe("The same span just before this one"),
      linksClicked: count.describe("Links with at least one human click"),
      topLinks: z.array(linkStats).describe("Five, most clicks first"),
      topCountries: breakdown,
      topReferrers: breakdown,
      conversions: count,
    })
    .meta({ id: "AccountOverview" }),
  topLinks: z.object({ range, links: z.array(linkStats) }).meta({ id: "TopLinksReport" }),
  utmLinks: z.object({ range, links: z.array(utmLink), page }).meta({ id: "UtmLinksReport" }),
  recent: z.object({ clicks: z.array(clickDetail) }).meta({ id: "RecentActivity" }),
  domains: z
    .object({
      range,
      domains: z.array(
        z.object({
          host: z.string(),
          counts,
          links: count.describe("Links of the host with any request in the range"),
        }),
      ),
    })
    .meta({ id: "DomainReport" }),
  campaign: z
    .object({
      range,
      counts,
      timeline,
      links: z.array(linkStats).describe("The campaign's links by clicks, at most 100"),
      conversions: conversionStats,
      referrers,
    })
    .meta({ id: "CampaignReport" }),
  variants: z.object({ range, variants: z.array(variantTimeline) }).meta({ id: "VariantReport" }),
} as const;

export type ReportKind = keyof typeof REPORT_SCHEMAS;
