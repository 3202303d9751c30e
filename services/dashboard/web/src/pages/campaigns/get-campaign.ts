import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export async function getCampaign(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/campaigns/{id}", { params: { path: { id } }, signal }));
  return data.campaign;
}
