import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export const CAMPAIGN_LINKS_PER_PAGE = 20;

/** One page of a campaign's links. */
export function listCampaignLinks(id: string, page: number, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/campaigns/{id}/urls", {
      params: { path: { id }, query: { page, limit: CAMPAIGN_LINKS_PER_PAGE } },
      signal,
    }),
  );
}
