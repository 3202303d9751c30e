import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";
import { TABLE_ROWS } from "./report-limits";

/** The account's clicks by referring site and by kind of source (search, social, direct, …). */
export async function getAccountReferrers(range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/referrers", {
      params: { query: { ...rangeParams(range), limit: TABLE_ROWS } },
      signal,
    }),
  );
  return data.analytics.referrers;
}
