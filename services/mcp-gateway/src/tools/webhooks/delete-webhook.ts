import { z } from "zod";
import { defineTool } from "../tool-definition";
import { webhookIdParam } from "./webhook-output";

export const deleteWebhook = defineTool({
  name: "deleteWebhook",
  title: "Delete a webhook endpoint",
  description:
    "Deletes a webhook endpoint for good, with its pending deliveries and its delivery log; the receiver gets nothing more. Confirm with the user first (updateWebhook with enabled: false pauses instead).",
  input: { id: webhookIdParam },
  output: { deleted: z.boolean(), id: z.string() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "webhook:write",
  async run(clients, args) {
    await clients.webhooks.deleteWebhook({ id: args.id });
    return { deleted: true, id: args.id };
  },
});
