import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { CampaignBody } from "./campaign";

export async function createCampaign(body: CampaignBody) {
  const data = await readData(api.POST("/api/v1/campaigns", { body }));
  return data.campaign;
}
