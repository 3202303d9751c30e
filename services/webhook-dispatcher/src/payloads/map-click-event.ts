import type { eventsV1 } from "@kurz/proto";
import { clicksV1 } from "@kurz/proto";
import type { z } from "zod";
import type { clickDataSchema } from "./click-payloads";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";
import type { WebhookPayloadDeps } from "./webhook-payload-deps";

export type MappedClickEvent = MappedEvent<"link.clicked" | "qr.scanned", z.output<typeof clickDataSchema>>;

/**
 * click.recorded (ClickRecorded) as qr.scanned when the link is a dynamic QR code's, else as
 * link.clicked. The click's IP address and user agent go to `enrich` only: the webhook gets
 * what enrichment derives from them, never the values themselves (they identify the visitor).
 */
export function mapClickEvent(envelope: eventsV1.EventEnvelope, deps: WebhookPayloadDeps): MappedClickEvent {
  const click = decodeEventPayload(envelope, clicksV1.ClickRecordedSchema);
  if (click.clickId === "" || click.linkId === "") {
    throw invalidEvent(envelope, "ClickRecorded has no click_id or link_id");
  }
  const enriched = deps.enrich(click);
  const utm = click.utm;
  return {
    type: click.qr ? "qr.scanned" : "link.clicked",
    data: {
      click_id: click.clickId,
      clicked_at: isoTimeOf(envelope, click.clickedAt, "clicked_at"),
      link_id: click.linkId,
      short_code: click.code,
      domain: click.host,
      short_url: deps.shortUrl(click.host, click.code),
      destination_url: click.destinationUrl,
      campaign_id: click.campaignId || null,
      country: enriched.country,
      region: enriched.region,
      city: enriched.city,
      device_type: enriched.deviceType,
      browser: enriched.browser,
      os: enriched.os,
      referrer_url: click.referrer || null,
      referrer_host: enriched.referrerHost,
      utm: {
        source: utm?.source ?? "",
        medium: utm?.medium ?? "",
        campaign: utm?.campaign ?? "",
        term: utm?.term ?? "",
        content: utm?.content ?? "",
      },
      is_bot: enriched.isBot,
      bot_name: enriched.isBot ? enriched.botName : null,
      ab_test_id: click.abTestId || null,
      variant_id: click.variantId || null,
    },
    linkId: click.linkId,
  };
}
