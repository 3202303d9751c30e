import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { WebhookBody } from "./webhook";

/** Creates an endpoint; the answer carries its signing secret, the only time it is shown. */
export async function createWebhook(body: WebhookBody) {
  const data = await readData(api.POST("/api/v1/webhooks", { body }));
  return data.webhook;
}
