import { z } from "zod";
import { defineTool } from "../tool-definition";
import { eventTypesParam, linkIdsParam, toWebhookOutput, webhookSchema } from "./webhook-output";

export const createWebhook = defineTool({
  name: "createWebhook",
  title: "Create a webhook endpoint",
  description:
    "Registers an https URL to receive signed events (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) for the chosen event types. The answer carries the signing secret once: hand it to the user to store. The URL must be public https (no private addresses, no redirects). Business plan and up; counts against the plan's endpoints. Example: link.created and link.deleted to https://example.com/kurz-hooks.",
  input: {
    url: z
      .string()
      .min(1)
      .max(2048)
      .describe("The receiver, https on a public address")
      .meta({ examples: ["https://example.com/kurz-hooks"] }),
    event_types: eventTypesParam,
    description: z.string().max(500).optional().describe('What it is for, e.g. "CRM sync"'),
    link_ids: linkIdsParam.optional(),
    enabled: z.boolean().default(true),
  },
  output: { webhook: webhookSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "webhook:write",
  planFeature: "webhooks",
  async run(clients, args) {
    const { webhook } = await clients.webhooks.createWebhook({
      url: args.url,
      eventTypes: args.event_types,
      description: args.description ?? "",
      linkIds: args.link_ids ?? [],
      enabled: args.enabled,
    });
    return { webhook: toWebhookOutput(webhook) };
  },
});
