import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Queues again every failed delivery since a time (after an outage); answers how many. */
export async function recoverDeliveries(id: string, since: string): Promise<number> {
  const data = await readData(
    api.POST("/api/v1/webhooks/{id}/recover", { params: { path: { id } }, body: { since } }),
  );
  return data.recovered;
}
