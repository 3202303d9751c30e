import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { CampaignBody } from "./campaign";

export async function updateCampaign(id: string, body: CampaignBody) {
  const data = await readData(api.PATCH("/api/v1/campaigns/{id}", { params: { path: { id } }, body }));
  return data.campaign;
}
