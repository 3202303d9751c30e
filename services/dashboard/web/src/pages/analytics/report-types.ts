/**
 * The analytics reports as analytics-ingest answers them (services/analytics-ingest/src/analytics/
 * analytics-types.ts, dates as ISO strings). The OpenAPI document types every report's body only
 * as `analytics: unknown`, so these shapes are written down here rather than generated; the
 * operations in this folder cast to them in one place each.
 */

export type Granularity = "hour" | "day" | "week" | "month";

export interface ReportRange {
  start: string;
  end: string;
  granularity: Granularity;
}

/** `clicks` are human clicks; bots and HEAD requests are counted apart. */
export interface ClickCounts {
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
  totalRequests: number;
  qrScans: number;
}

export interface BreakdownEntry {
  /** "" when unknown (no referrer, an address outside the geography data, …). */
  key: string;
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
  /** Of the scope's human clicks, 0–1. */
  share: number;
  /** Regions and cities: where they are. */
  country?: string;
  region?: string;
}

export interface TimelinePoint {
  start: string;
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
}

export interface LinkRef {
  linkId: string;
  host: string;
  code: string;
}

export interface LinkStats {
  link: LinkRef;
  counts: ClickCounts;
  destinationUrl: string;
  lastClickAt: string | null;
}

export interface Geography {
  countries: BreakdownEntry[];
  regions: BreakdownEntry[];
  cities: BreakdownEntry[];
}

export interface Devices {
  deviceTypes: BreakdownEntry[];
  browsers: BreakdownEntry[];
  operatingSystems: BreakdownEntry[];
}

export interface Referrers {
  hosts: BreakdownEntry[];
  categories: BreakdownEntry[];
}

export interface UtmBreakdown {
  sources: BreakdownEntry[];
  mediums: BreakdownEntry[];
  campaigns: BreakdownEntry[];
  terms: BreakdownEntry[];
  contents: BreakdownEntry[];
  taggedClicks: number;
}

export interface TrafficQuality {
  counts: ClickCounts;
  botShare: number;
  botReasons: BreakdownEntry[];
  directClicks: number;
}

export interface CurrencyTotal {
  currency: string;
  value: number;
}

export interface ConversionStats {
  conversions: number;
  clicks: number;
  conversionRate: number;
  values: CurrencyTotal[];
}

/** GET /api/v1/analytics/{id}/complete */
export interface CompleteReport {
  links: LinkRef[];
  range: ReportRange;
  counts: ClickCounts;
  timeline: TimelinePoint[];
  geography: Geography;
  devices: Devices;
  referrers: Referrers;
  utm: UtmBreakdown;
  trafficQuality: TrafficQuality;
  conversions: ConversionStats;
}

/** GET /api/v1/analytics/account/overview */
export interface AccountOverview {
  range: ReportRange;
  counts: ClickCounts;
  /** The same span just before this one. */
  previous: ClickCounts;
  linksClicked: number;
  conversions: number;
}

/** GET /api/v1/analytics/account/campaigns/{campaignId} */
export interface CampaignReport {
  range: ReportRange;
  counts: ClickCounts;
  timeline: TimelinePoint[];
  links: LinkStats[];
  conversions: ConversionStats;
  referrers: Referrers;
}

/** GET /api/v1/analytics/account/domains */
export interface HostTotals {
  host: string;
  counts: ClickCounts;
  links: number;
}
