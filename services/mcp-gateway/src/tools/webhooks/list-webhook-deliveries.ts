import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { deliverySchema, toDeliveryOutput, webhookIdParam } from "./webhook-output";

export const listWebhookDeliveries = defineTool({
  name: "listWebhookDeliveries",
  title: "List a webhook endpoint's deliveries",
  description:
    "Lists an endpoint's deliveries, newest first, each with its status (pending, succeeded, failed), attempts and the last attempt's HTTP status, latency, failure and the start of the receiver's answer. Use it to see why a receiver is not getting events. Changes nothing.",
  input: {
    id: webhookIdParam,
    status: z.enum(["pending", "succeeded", "failed"]).optional().describe("Only deliveries in this status"),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  },
  output: {
    deliveries: z.array(deliverySchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "webhook:read",
  async run(clients, args) {
    const answer = await clients.webhooks.listWebhookDeliveries({
      webhookId: args.id,
      status: args.status ?? "",
      page: { page: args.page, limit: args.limit },
    });
    return {
      deliveries: answer.deliveries.map(toDeliveryOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
