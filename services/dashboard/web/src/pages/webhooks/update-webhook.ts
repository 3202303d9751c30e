import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { WebhookBody } from "./webhook";

/** Changes an endpoint; `enabled: true` also re-enables one Kurz disabled. */
export async function updateWebhook(id: string, body: Partial<WebhookBody>) {
  const data = await readData(api.PATCH("/api/v1/webhooks/{id}", { params: { path: { id } }, body }));
  return data.webhook;
}
