import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export async function getWebhook(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/webhooks/{id}", { params: { path: { id } }, signal }));
  return data.webhook;
}
