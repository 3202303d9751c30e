import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { webhooksV1 } from "@kurz/proto";
import type { WebhookEndpointRow } from "../db/schema";
import { isInFlight } from "../deliveries/is-in-flight";
import type { DeliveryWithAttempt } from "../deliveries/list-webhook-deliveries";

type EndpointInit = MessageInitShape<typeof webhooksV1.WebhookEndpointSchema>;
type DeliveryInit = MessageInitShape<typeof webhooksV1.WebhookDeliverySchema>;

const ts = (value: Date | null) => (value === null ? undefined : timestampFromDate(value));

/** An endpoint as WebhookService answers it; the secret only when just created or rotated. */
export function toWebhookMessage(row: WebhookEndpointRow, now: Date, secret?: string): EndpointInit {
  const previousLive = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled: row.enabled,
    eventTypes: row.eventTypes,
    linkIds: row.linkIds,
    disabledReason: row.disabledReason ?? "",
    disabledAt: ts(row.disabledAt),
    failingSince: ts(row.failingSince),
    createdAt: ts(row.createdAt),
    updatedAt: ts(row.updatedAt),
    secret: secret ?? "",
    previousSecretExpiresAt: previousLive ? ts(row.previousSecretExpiresAt) : undefined,
  };
}

/** A delivery with its last attempt as WebhookService answers it at `now`. */
export function toDeliveryMessage(item: DeliveryWithAttempt, now: Date): DeliveryInit {
  const { delivery, body, lastAttempt } = item;
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: ts(delivery.nextAttemptAt),
    inFlight: isInFlight(delivery, now),
    createdAt: ts(delivery.createdAt),
    payloadJson: body,
    lastAttempt: lastAttempt
      ? {
          attemptedAt: ts(lastAttempt.attemptedAt),
          statusCode: lastAttempt.statusCode ?? 0,
          latencyMs: lastAttempt.latencyMs,
          responseExcerpt: lastAttempt.responseExcerpt,
          failureKind: lastAttempt.failureKind ?? "",
          failureDetail: lastAttempt.failureDetail ?? "",
        }
      : undefined,
  };
}
