import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Deletes an endpoint together with its delivery log. */
export async function deleteWebhook(id: string): Promise<void> {
  await readData(api.DELETE("/api/v1/webhooks/{id}", { params: { path: { id } } }));
}
