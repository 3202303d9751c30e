import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export const CAMPAIGNS_PER_PAGE = 20;

/** One page of the account's campaigns. */
export function listCampaigns(page: number, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/campaigns", { params: { query: { page, limit: CAMPAIGNS_PER_PAGE } }, signal }),
  );
}
