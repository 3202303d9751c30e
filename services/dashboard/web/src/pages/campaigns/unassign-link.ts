import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Takes a link out of the campaign; the link itself stays. */
export async function unassignLink(campaignId: string, linkId: string): Promise<void> {
  await readData(
    api.DELETE("/api/v1/campaigns/{id}/urls/{code}", {
      params: { path: { id: campaignId, code: linkId } },
    }),
  );
}
