import { z } from "zod";
import { isInFlight } from "./is-in-flight";
import type { DeliveryWithAttempt } from "./list-webhook-deliveries";

export const attemptViewSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().nullable().describe("The receiver's HTTP status; null when none came"),
  latency_ms: z.number(),
  response_excerpt: z.string().describe("The first 2 KiB of the response body"),
  failure: z
    .object({
      kind: z
        .string()
        .describe(
          "blocked_address, timeout, connect, tls, redirect, http_status, body_too_large, invalid_url",
        ),
      detail: z.string(),
    })
    .nullable(),
});

export const deliveryViewSchema = z.object({
  id: z.string(),
  message_id: z.string().describe("The webhook-id header: the same on every attempt and replay"),
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number(),
  next_attempt_at: z
    .string()
    .nullable()
    .describe(
      "When a pending delivery is attempted next; while a worker holds it (in_flight), the end of that worker's claim: it is attempted by then. Null once it succeeded or failed",
    ),
  in_flight: z
    .boolean()
    .describe(
      "Whether a worker holds the delivery now: its attempt is under way or queued behind the endpoint's others, and its outcome is moments away",
    ),
  created_at: z.string(),
  last_attempt: attemptViewSchema.nullable(),
  payload: z.unknown().describe("The delivered body, as signed"),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

/** A delivery as the REST API shows it at `now`, with its last attempt. */
export function toDeliveryView(
  { delivery, body, lastAttempt }: DeliveryWithAttempt,
  now: Date,
): DeliveryView {
  return {
    id: delivery.id,
    message_id: delivery.messageId,
    webhook_id: delivery.endpointId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    in_flight: isInFlight(delivery, now),
    created_at: delivery.createdAt.toISOString(),
    last_attempt: lastAttempt
      ? {
          attempted_at: lastAttempt.attemptedAt.toISOString(),
          status_code: lastAttempt.statusCode,
          latency_ms: lastAttempt.latencyMs,
          response_excerpt: lastAttempt.responseExcerpt,
          failure: lastAttempt.failureKind
            ? { kind: lastAttempt.failureKind, detail: lastAttempt.failureDetail ?? "" }
            : null,
        }
      : null,
    payload: JSON.parse(body) as unknown,
  };
}
