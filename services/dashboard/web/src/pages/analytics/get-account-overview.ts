import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** The account's totals, and the same span before it (for the change shown beside each number). */
export async function getAccountOverview(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/overview", { params: { query: rangeParams(range) }, signal }),
  );
  return data.analytics;
}
