import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Deletes a campaign; its links stay, no longer in any campaign. */
export async function deleteCampaign(id: string): Promise<void> {
  await readData(api.DELETE("/api/v1/campaigns/{id}", { params: { path: { id } } }));
}
