import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";
import { TABLE_ROWS } from "./report-limits";

/** The account's clicks by UTM source, medium and campaign. */
export async function getAccountUtm(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/utm", {
      params: { query: { ...rangeParams(range), limit: TABLE_ROWS } },
      signal,
    }),
  );
  return data.analytics.utm;
}
