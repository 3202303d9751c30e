import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";
import { TABLE_ROWS } from "./report-limits";

/** Every report of one link in one call: the API's combined endpoint, rather than one per section. */
export async function getLinkAnalytics(ref: string, range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/{id}/complete", {
      params: { path: { id: ref }, query: { ...rangeParams(range), limit: TABLE_ROWS } },
      signal,
    }),
  );
  return data.analytics;
}
