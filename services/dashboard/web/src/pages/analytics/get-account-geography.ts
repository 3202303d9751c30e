import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";
import { TABLE_ROWS } from "./report-limits";

/** The account's clicks by country, region and city. */
export async function getAccountGeography(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/geography", {
      params: { query: { ...rangeParams(range), limit: TABLE_ROWS } },
      signal,
    }),
  );
  return data.analytics.geography;
}
