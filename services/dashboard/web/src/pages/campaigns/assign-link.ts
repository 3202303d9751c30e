import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/**
 * Puts a link into the campaign (moving it out of any other). Named by its link id, so the host
 * it answers on does not matter.
 */
export async function assignLink(campaignId: string, linkId: string) {
  const data = await readData(
    api.POST("/api/v1/campaigns/{id}/urls", {
      params: { path: { id: campaignId } },
      body: { shortCode: linkId },
    }),
  );
  return data.url;
}
