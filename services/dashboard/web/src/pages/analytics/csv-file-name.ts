import { type AnalyticsRange, rangeSlug } from "./analytics-query";

/** "kurz-analytics-link-spring-sale-30d.csv": what, and over which time, in a safe file name. */
export function csvFileName(subject: string, range: AnalyticsRange): string {
  const safe = subject
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `kurz-analytics-${safe || "report"}-${rangeSlug(range)}.csv`;
}
