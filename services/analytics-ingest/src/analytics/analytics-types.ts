/**
 * What the analytics queries answer, in plain TypeScript (numbers, Dates). REST sends these as
 * JSON; the gRPC layer maps them onto kurz.analytics.v1 (same field names).
 */

export type Granularity = "hour" | "day" | "week" | "month";
export type Period = "7d" | "30d" | "90d" | "1y";

export interface ResolvedRange {
  start: Date;
  end: Date;
  granularity: Granularity;
}

export interface ClickCounts {
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
  totalRequests: number;
  qrScans: number;
}

export interface BreakdownEntry {
  key: string;
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
  share: number;
  /** Geography only. */
  country?: string;
  region?: string;
}

export interface TimelinePoint {
  start: Date;
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
  lastClickAt: Date | null;
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

export interface ClickDetail {
  clickId: string;
  clickedAt: Date;
  link: LinkRef;
  method: string;
  bot: boolean;
  botReason: string;
  qr: boolean;
  deviceType: string;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  country: string;
  region: string;
  city: string;
  referrer: string;
  referrerHost: string;
  referrerCategory: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
  utmContent: string;
  abTestId: string;
  variantId: string;
  campaignId: string;
  destinationUrl: string;
}

export interface CurrencyTotal {
  currency: string;
  value: number;
}

export interface ConversionGroup {
  key: string;
  conversions: number;
  values: CurrencyTotal[];
  clicks: number;
  conversionRate: number;
}

export interface ConversionStats {
  conversions: number;
  clicks: number;
  conversionRate: number;
  values: CurrencyTotal[];
  byEvent: ConversionGroup[];
  byVariant: ConversionGroup[];
}

/** One redirect rule's requests of a link (GET /api/v1/analytics/{id}/rules). */
export interface RuleEntry {
  /** The rule that chose the destination; null for the link's default destination. */
  ruleId: string | null;
  clicks: number;
  uniqueVisitors: number;
  bots: number;
  headRequests: number;
  share: number;
}

export interface Conversion {
  conversionId: string;
  clickId: string;
  link: LinkRef;
  abTestId: string;
  variantId: string;
  eventName: string;
  value: number | null;
  currency: string;
  metadata: Record<string, unknown> | null;
  occurredAt: Date;
}

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
}
