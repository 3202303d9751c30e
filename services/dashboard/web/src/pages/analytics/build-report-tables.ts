import { formatDate } from "../../components/format-date";
import { formatNumber } from "../../components/format-number";
import { analyticsHref } from "./analytics-href";
import { buildBreakdownTable } from "./build-breakdown-table";
import {
  botReasonName,
  countryName,
  deviceName,
  placeName,
  plainName,
  referrerCategoryName,
  referrerName,
  utmName,
} from "./dimension-labels";
import type { ReportTable } from "./report-table";
import type { Devices, Geography, LinkStats, Referrers, TrafficQuality, UtmBreakdown } from "./report-types";

/** Tables of each report section, with ids that are unique on the page. */
export const locationTables = (geography: Geography): ReportTable[] => [
  buildBreakdownTable("countries", "Countries", "Country", geography.countries, (e) => countryName(e.key)),
  buildBreakdownTable("regions", "Regions", "Region", geography.regions, placeName),
  buildBreakdownTable("cities", "Cities", "City", geography.cities, placeName),
];

export const technologyTables = (devices: Devices): ReportTable[] => [
  buildBreakdownTable("devices", "Devices", "Device", devices.deviceTypes, (e) => deviceName(e.key)),
  buildBreakdownTable("browsers", "Browsers", "Browser", devices.browsers, (e) => plainName(e.key)),
  buildBreakdownTable("systems", "Operating systems", "System", devices.operatingSystems, (e) =>
    plainName(e.key),
  ),
];

export const sourceTables = (referrers: Referrers): ReportTable[] => [
  buildBreakdownTable("referrers", "Referrers", "Referrer", referrers.hosts, (e) => referrerName(e.key)),
  buildBreakdownTable("referrer-types", "Kinds of source", "Source", referrers.categories, (e) =>
    referrerCategoryName(e.key),
  ),
];

/** Clicks without UTM values are not "no clicks": say what is missing. */
const NO_UTM = "No click in this period carried UTM parameters.";

export const utmTables = (utm: UtmBreakdown): ReportTable[] => [
  buildBreakdownTable("utm-sources", "UTM sources", "Source", utm.sources, (e) => utmName(e.key), NO_UTM),
  buildBreakdownTable("utm-mediums", "UTM mediums", "Medium", utm.mediums, (e) => utmName(e.key), NO_UTM),
  buildBreakdownTable(
    "utm-campaigns",
    "UTM campaigns",
    "Campaign",
    utm.campaigns,
    (e) => utmName(e.key),
    NO_UTM,
  ),
];

/** Why clicks were counted as bots: the rows count bot clicks, so they get their own columns. */
export function botTable(quality: TrafficQuality): ReportTable {
  const reasons = quality.botReasons.filter((reason) => reason.bots > 0);
  const total = quality.counts.bots;
  return {
    id: "bots",
    title: "Bots",
    columns: [{ label: "Detected as" }, { label: "Bot clicks", numeric: true }],
    rows: reasons.map((reason) => {
      const name = botReasonName(reason.key);
      return [
        { text: name, value: name },
        { text: formatNumber(reason.bots), value: reason.bots },
      ];
    }),
    bars: reasons.map((reason) => (total > 0 ? reason.bots / total : 0)),
    empty: "No bots in this period.",
  };
}

/** The short link of a report row: "host/code". */
export const shortLinkText = (link: LinkStats["link"]) => `${link.host}/${link.code}`;

/** Links with their clicks; each opens that link's analytics (by id: a code may be on several hosts). */
export function linksTable(id: string, title: string, links: readonly LinkStats[]): ReportTable {
  const most = Math.max(1, ...links.map((link) => link.counts.clicks));
  return {
    id,
    title,
    columns: [
      { label: "Short link" },
      { label: "Clicks", numeric: true },
      { label: "Unique visitors", numeric: true },
      { label: "Destination" },
      { label: "Last click" },
    ],
    rows: links.map((link) => {
      const short = shortLinkText(link.link);
      return [
        { text: short, value: short, href: analyticsHref({ link: link.link.linkId }) },
        { text: formatNumber(link.counts.clicks), value: link.counts.clicks },
        { text: formatNumber(link.counts.uniqueVisitors), value: link.counts.uniqueVisitors },
        { text: link.destinationUrl, value: link.destinationUrl, href: link.destinationUrl, external: true },
        { text: formatDate(link.lastClickAt), value: link.lastClickAt ?? "" },
      ];
    }),
    bars: links.map((link) => link.counts.clicks / most),
    empty: "No link was clicked in this period.",
  };
}
