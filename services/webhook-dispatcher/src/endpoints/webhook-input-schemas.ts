import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../payloads/webhook-event-types";

/** Endpoints an account may hold at most, whatever the plan says: a bound on fan-out per event. */
export const MAX_ENDPOINTS_HARD_CAP = 100;
/** Links one endpoint may be limited to. */
export const MAX_LINK_FILTER = 100;

// `webhook.test` is sent by the test call to one endpoint; it is not subscribed to.
const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test") as [string, ...string[]];

export const eventTypeSchema = z
  .enum(SUBSCRIBABLE)
  .describe("An event type of the catalogue (see the webhook docs)");

const eventTypesSchema = z
  .array(eventTypeSchema)
  .min(1)
  .max(SUBSCRIBABLE.length)
  .transform((types) => [...new Set(types)])
  .describe("The event types the endpoint receives; link.clicked and qr.scanned only when listed");

const linkIdsSchema = z
  .array(z.string().uuid())
  .max(MAX_LINK_FILTER)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
  .describe("Link ids: only events about these links (empty: every link of the account)");

const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe("The receiver: an https URL on a public address (no redirects are followed)");

const descriptionSchema = z.string().trim().max(500);

export const createWebhookInputSchema = z.strictObject({
  url: urlSchema,
  description: descriptionSchema.default(""),
  event_types: eventTypesSchema,
  link_ids: linkIdsSchema.default([]),
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.output<typeof createWebhookInputSchema>;

export const updateWebhookInputSchema = z
  .strictObject({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    event_types: eventTypesSchema.optional(),
    link_ids: linkIdsSchema.optional(),
    enabled: z.boolean().optional().describe("true also re-enables an endpoint Kurz disabled"),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Send at least one field to change",
  });
export type UpdateWebhookInput = z.output<typeof updateWebhookInputSchema>;

export const listWebhooksQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListWebhooksQuery = z.output<typeof listWebhooksQuerySchema>;
