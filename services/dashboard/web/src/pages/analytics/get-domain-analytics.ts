import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** The totals of one short host (a branded domain or subdomain of the account). */
export async function getDomainAnalytics(host: string, range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/domains", {
      params: { query: { ...rangeParams(range), host } },
      signal,
    }),
  );
  return data.analytics;
}
