import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { toWebhookOutput, webhookSchema } from "./webhook-output";

export const listWebhooks = defineTool({
  name: "listWebhooks",
  title: "List webhook endpoints",
  description:
    "Lists the account's webhook endpoints (where Kurz POSTs signed events), newest first, with their event types and health (disabled_reason, failing_since). Works on every plan: after a downgrade the endpoints are paused (disabled_reason plan) and can still be listed, disabled and deleted. Changes nothing; secrets are never shown here.",
  input: {
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  },
  output: {
    webhooks: z.array(webhookSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "webhook:read",
  async run(clients, args) {
    const answer = await clients.webhooks.listWebhooks({ page: { page: args.page, limit: args.limit } });
    return {
      webhooks: answer.webhooks.map(toWebhookOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
