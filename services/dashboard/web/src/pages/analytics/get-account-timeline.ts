import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** The account's clicks per hour, day or week (the API picks the step from the span). */
export async function getAccountTimeline(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/timeline", { params: { query: rangeParams(range) }, signal }),
  );
  return data.analytics;
}
