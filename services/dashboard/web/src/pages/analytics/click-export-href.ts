import { type AnalyticsRange, rangeParams } from "./analytics-query";

/**
 * The relay's address of the raw clicks export (analytics-ingest streams it) over the page's
 * period: one link's (`link` is its code, alias or id) or, without one, the whole account's.
 */
export function clickExportHref(range: AnalyticsRange, link?: string): string {
  const params = new URLSearchParams({ format: "csv", ...rangeParams(range) });
  const subject = link === undefined ? "account" : encodeURIComponent(link);
  return `/app/api/v1/analytics/${subject}/clicks/export?${params}`;
}
