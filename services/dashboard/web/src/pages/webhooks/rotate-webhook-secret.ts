import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** A new signing secret; the previous one keeps signing beside it for 24 h. */
export async function rotateWebhookSecret(id: string) {
  const data = await readData(api.POST("/api/v1/webhooks/{id}/rotate-secret", { params: { path: { id } } }));
  return data.webhook;
}
