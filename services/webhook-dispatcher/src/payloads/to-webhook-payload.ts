import type { eventsV1 } from "@kurz/proto";
import { isoTimeOf } from "./iso-time-of";
import { type MappedAbTestEvent, mapAbTestEvent } from "./map-abtest-event";
import { type MappedCampaignEvent, mapCampaignEvent } from "./map-campaign-event";
import { type MappedClickEvent, mapClickEvent } from "./map-click-event";
import { type MappedConversionEvent, mapConversionEvent } from "./map-conversion-event";
import { type MappedDomainEvent, mapDomainVerifiedEvent } from "./map-domain-event";
import { type MappedLinkEvent, mapLinkEvent } from "./map-link-event";
import { type MappedQrEvent, mapQrEvent } from "./map-qr-event";
import type { WebhookEventType } from "./webhook-event-types";
import type { WebhookPayloadDeps } from "./webhook-payload-deps";
import type { WebhookPayloadBody } from "./webhook-payload-schemas";

/**
 * A webhook body plus the link the event concerns. `linkId` is for matching endpoint link
 * filters and is no part of the body: deliver `{ type, timestamp, data }`.
 */
export type WebhookPayload = {
  [T in WebhookEventType]: WebhookPayloadBody<T> & { linkId?: string };
}[WebhookEventType];

type MappedWebhookEvent =
  | MappedLinkEvent
  | MappedClickEvent
  | MappedQrEvent
  | MappedCampaignEvent
  | MappedDomainEvent
  | MappedConversionEvent
  | MappedAbTestEvent;

function mapEvent(
  envelope: eventsV1.EventEnvelope,
  deps: WebhookPayloadDeps,
): MappedWebhookEvent | undefined {
  const type = envelope.type;
  switch (type) {
    case "link.created":
    case "link.updated":
    case "link.deleted":
      return mapLinkEvent(envelope, type, deps);
    case "click.recorded":
      return mapClickEvent(envelope, deps);
    case "qr.created":
    case "qr.updated":
    case "qr.deleted":
      return mapQrEvent(envelope, type);
    case "campaign.created":
    case "campaign.updated":
    case "campaign.deleted":
      return mapCampaignEvent(envelope, type);
    // domain.created / updated / deleted: no webhook (only verification is a customer milestone).
    case "domain.verified":
      return mapDomainVerifiedEvent(envelope);
    case "conversion.recorded":
      return mapConversionEvent(envelope, deps);
    // abtest.created / updated / paused / resumed / deleted: no webhook.
    case "abtest.started":
    case "abtest.completed":
      return mapAbTestEvent(envelope, type);
    default:
      // account.*, webhook.* and any type added later: nothing to deliver.
      return undefined;
  }
}

/**
 * The webhook an internal event produces, or undefined when its type produces none.
 *
 * An event of a webhook-producing type whose payload is of another message type, undecodable or
 * incomplete throws (a non-retryable VALIDATION_ERROR) rather than returning undefined: the
 * consumer dead-letters it, where it stays visible and replayable, instead of the customer's
 * webhook vanishing without a trace. See decode-event-payload.ts.
 */
export function toWebhookPayload(
  envelope: eventsV1.EventEnvelope,
  deps: WebhookPayloadDeps,
): WebhookPayload | undefined {
  const mapped = mapEvent(envelope, deps);
  if (mapped === undefined) return undefined;
  // The time of the change, not of delivery: every retry of a message carries the same body.
  const timestamp = isoTimeOf(envelope, envelope.occurredAt, "occurred_at");
  const payload = { type: mapped.type, timestamp, data: mapped.data };
  // TypeScript cannot follow that each mapper's type and data stay paired through the spread.
  return (mapped.linkId === undefined ? payload : { ...payload, linkId: mapped.linkId }) as WebhookPayload;
}
