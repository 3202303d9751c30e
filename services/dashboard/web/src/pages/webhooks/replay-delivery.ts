import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Sends one delivery again now, under its original webhook-id (the receiver's idempotency key). */
export async function replayDelivery(id: string, deliveryId: string) {
  const data = await readData(
    api.POST("/api/v1/webhooks/{id}/deliveries/{deliveryId}/replay", {
      params: { path: { id, deliveryId } },
    }),
  );
  return data.delivery;
}
