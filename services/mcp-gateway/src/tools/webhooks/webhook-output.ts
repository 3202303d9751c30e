import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { webhooksV1 } from "@kurz/proto";
import { z } from "zod";

const iso = (t: { seconds: bigint; nanos: number } | undefined) =>
  t === undefined ? null : timestampDate(t as Parameters<typeof timestampDate>[0]).toISOString();

/**
 * The event types an endpoint may listen to (webhook-dispatcher's catalogue, less `webhook.test`,
 * which only testWebhook sends). A unit test holds this list to the dispatcher's.
 */
export const SUBSCRIBABLE_WEBHOOK_EVENT_TYPES = [
  "link.created",
  "link.updated",
  "link.deleted",
  "link.clicked",
  "qr.created",
  "qr.updated",
  "qr.deleted",
  "qr.scanned",
  "campaign.created",
  "campaign.updated",
  "campaign.deleted",
  "domain.verified",
  "conversion.recorded",
  "abtest.started",
  "abtest.completed",
] as const;

/** The `id` every webhook tool takes. */
export const webhookIdParam = z
  .string()
  .uuid()
  .describe("The webhook endpoint's id (from listWebhooks or createWebhook)")
  .meta({ examples: ["0b6f4f7e-8a51-4c6f-9d0e-2f4b7c1d9a33"] });

export const eventTypesParam = z
  .array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.length)
  .describe(
    "Event types to receive. link.clicked and qr.scanned send one request per click: choose them only when the receiver wants that volume",
  )
  .meta({ examples: [["link.created", "link.deleted"]] });

export const linkIdsParam = z
  .array(z.string().uuid())
  .max(100)
  .describe("Only events about these links (link ids); empty or absent: every link");

/** An endpoint as the tools return it: the REST API's fields. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  event_types: z.array(z.string()),
  link_ids: z.array(z.string()),
  disabled_reason: z
    .string()
    .nullable()
    .describe("Why Kurz disabled it: gone (it answered 410), failing (5 days of failures); null otherwise"),
  failing_since: z.string().nullable().describe("Since when every attempt has failed; null while healthy"),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  secret: z
    .string()
    .optional()
    .describe("The signing secret (whsec_…), only right after creating: give it to the user to store"),
});

export type WebhookOutput = z.output<typeof webhookSchema>;

export function toWebhookOutput(webhook: webhooksV1.WebhookEndpoint | undefined): WebhookOutput {
  if (!webhook) throw new Error("webhook-dispatcher answered without an endpoint");
  return {
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    enabled: webhook.enabled,
    event_types: webhook.eventTypes,
    link_ids: webhook.linkIds,
    disabled_reason: webhook.disabledReason === "" ? null : webhook.disabledReason,
    failing_since: iso(webhook.failingSince),
    created_at: iso(webhook.createdAt),
    updated_at: iso(webhook.updatedAt),
    ...(webhook.secret === "" ? {} : { secret: webhook.secret }),
  };
}

/** A delivery as the tools return it, with its last attempt. */
export const deliverySchema = z.object({
  id: z.string(),
  message_id: z.string().describe("The webhook-id header: the receiver's idempotency key"),
  event_type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  in_flight: z
    .boolean()
    .describe(
      "A worker is sending it now (next_attempt_at is then the end of that hold): look again in moments",
    ),
  created_at: z.string().nullable(),
  last_attempt: z
    .object({
      attempted_at: z.string().nullable(),
      status_code: z.number().int().nullable(),
      latency_ms: z.number().int(),
      response_excerpt: z.string(),
      failure_kind: z.string().nullable(),
      failure_detail: z.string().nullable(),
    })
    .nullable(),
});

export type DeliveryOutput = z.output<typeof deliverySchema>;

export function toDeliveryOutput(delivery: webhooksV1.WebhookDelivery): DeliveryOutput {
  const last = delivery.lastAttempt;
  return {
    id: delivery.id,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    status: delivery.status as DeliveryOutput["status"],
    attempts: delivery.attempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    in_flight: delivery.inFlight,
    created_at: iso(delivery.createdAt),
    last_attempt: last
      ? {
          attempted_at: iso(last.attemptedAt),
          status_code: last.statusCode === 0 ? null : last.statusCode,
          latency_ms: last.latencyMs,
          response_excerpt: last.responseExcerpt,
          failure_kind: last.failureKind === "" ? null : last.failureKind,
          failure_detail: last.failureDetail === "" ? null : last.failureDetail,
        }
      : null,
  };
}
