import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** The account's conversions and their value per currency (the overview has only their count). */
export async function getAccountConversions(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/conversions", { params: { query: rangeParams(range) }, signal }),
  );
  return data.analytics.stats;
}
