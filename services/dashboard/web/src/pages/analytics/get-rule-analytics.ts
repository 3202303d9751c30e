import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** One link's clicks per redirect rule (rule ids only: names come from the link itself). */
export async function getRuleAnalytics(ref: string, range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/{id}/rules", {
      params: { path: { id: ref }, query: rangeParams(range) },
      signal,
    }),
  );
  return data.analytics;
}
