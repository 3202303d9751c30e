import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Queues a `webhook.test` event, delivered and logged like any other; answers its delivery id. */
export async function sendTestEvent(id: string): Promise<string> {
  const data = await readData(api.POST("/api/v1/webhooks/{id}/test", { params: { path: { id } } }));
  return data.delivery_id;
}
