import type { eventsV1 } from "@kurz/proto";
import { linksV1 } from "@kurz/proto";
import { ruleInputOfMessage } from "@kurz/redirect-rules";
import type { z } from "zod";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOrNull } from "./iso-time-of";
import type { linkDataSchema, linkUpdatedDataSchema } from "./link-payloads";
import type { MappedEvent } from "./mapped-event";
import type { WebhookPayloadDeps } from "./webhook-payload-deps";

type LinkData = z.output<typeof linkDataSchema>;
type LinkUpdatedData = z.output<typeof linkUpdatedDataSchema>;

export type MappedLinkEvent =
  | MappedEvent<"link.created", LinkData>
  | MappedEvent<"link.updated", LinkUpdatedData>
  | MappedEvent<"link.deleted", LinkData>;

/** link.created / link.updated / link.deleted (LinkChanged) as the webhook of the same name. */
export function mapLinkEvent(
  envelope: eventsV1.EventEnvelope,
  type: MappedLinkEvent["type"],
  deps: Pick<WebhookPayloadDeps, "shortUrl">,
): MappedLinkEvent {
  const change = decodeEventPayload(envelope, linksV1.LinkChangedSchema);
  const link = change.link;
  if (!link || link.linkId === "") throw invalidEvent(envelope, "LinkChanged carries no link");
  const data: LinkData = {
    link_id: link.linkId,
    short_code: link.code,
    domain: link.host,
    short_url: deps.shortUrl(link.host, link.code),
    destination_url: link.destinationUrl,
    is_dynamic: link.dynamic,
    tracking_enabled: link.trackingEnabled,
    conversion_tracking: link.conversionTracking,
    // Only whether a hash exists leaves this function: never the hash itself.
    password_protected: link.passwordHash !== "",
    campaign_id: link.campaignId || null,
    ab_test_id: link.abTestId || null,
    expires_at: isoTimeOrNull(envelope, link.expiresAt),
    max_clicks: link.maxClicks > 0n ? Number(link.maxClicks) : null,
    expired_url: link.expiredUrl || null,
    qr: link.qr,
    rules: link.rules.map(ruleInputOfMessage),
    ios_url: link.iosUrl || null,
    android_url: link.androidUrl || null,
    og_title: link.ogTitle || null,
    og_description: link.ogDescription || null,
    og_image: link.ogImage || null,
  };
  if (type !== "link.updated") return { type, data, linkId: link.linkId };
  // The producer fills both previous fields only when the update moved the link.
  const moved = change.previousHost !== "" || change.previousCode !== "";
  const previousHost = change.previousHost || link.host;
  const previousCode = change.previousCode || link.code;
  return {
    type,
    data: {
      ...data,
      previous_domain: moved ? previousHost : null,
      previous_short_code: moved ? previousCode : null,
      previous_short_url: moved ? deps.shortUrl(previousHost, previousCode) : null,
    },
    linkId: link.linkId,
  };
}
