import { z } from "zod";
import { defineTool } from "../tool-definition";
import {
  eventTypesParam,
  linkIdsParam,
  toWebhookOutput,
  webhookIdParam,
  webhookSchema,
} from "./webhook-output";

export const updateWebhook = defineTool({
  name: "updateWebhook",
  title: "Update a webhook endpoint",
  description:
    "Changes an endpoint's URL, description, event types (the list is replaced), link filter or enabled flag; only the fields given change. enabled: true also re-enables an endpoint Kurz disabled (after a 410 or 5 days of failures). The secret stays the same.",
  input: {
    id: webhookIdParam,
    url: z
      .string()
      .min(1)
      .max(2048)
      .describe("New receiver, https on a public address")
      .meta({ examples: ["https://example.com/kurz-hooks"] })
      .optional(),
    description: z.string().max(500).optional(),
    event_types: eventTypesParam.optional(),
    link_ids: linkIdsParam.optional(),
    enabled: z.boolean().optional(),
  },
  output: { webhook: webhookSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "webhook:write",
  async run(clients, args) {
    const { webhook } = await clients.webhooks.updateWebhook({
      id: args.id,
      ...(args.url === undefined ? {} : { url: args.url }),
      ...(args.description === undefined ? {} : { description: args.description }),
      ...(args.event_types === undefined ? {} : { eventTypes: { values: args.event_types } }),
      ...(args.link_ids === undefined ? {} : { linkIds: { values: args.link_ids } }),
      ...(args.enabled === undefined ? {} : { enabled: args.enabled }),
    });
    return { webhook: toWebhookOutput(webhook) };
  },
});
