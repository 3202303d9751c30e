import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import { type AnalyticsRange, rangeParams } from "./analytics-query";

/** One campaign's totals, timeline, links, referrers and conversions, in one call. */
export async function getCampaignAnalytics(campaignId: string, range: AnalyticsRange, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/analytics/account/campaigns/{campaignId}", {
      params: { path: { campaignId }, query: rangeParams(range) },
      signal,
    }),
  );
  return data.analytics;
}
