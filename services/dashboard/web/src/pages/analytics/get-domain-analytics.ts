import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";
import type { HostTotals, ReportRange } from "./report-types";

/** The totals of one short host (a branded domain or subdomain of the account). */
export async function getDomainAnalytics(host: string, range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/domains", {
      params: { query: { ...rangeParams(range), host } },
      signal,
    }),
  );
  return data.analytics as { range: ReportRange; domains: HostTotals[] };
}
