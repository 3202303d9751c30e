/**
 * The webhook event types Kurz delivers. A closed set and stable API, like the internal event
 * types: a changed meaning gets a new type, never a reused one, and a type is only ever added.
 */
export const WEBHOOK_EVENT_TYPES = [
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
  "webhook.test",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What happened and when each type is sent (the webhook docs and the JSON Schemas show these). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "link.created": "A short link was created (or a deleted one restored); sent once the change is committed.",
  "link.updated":
    "A short link changed (destination, expiry, campaign, A/B routing, or a move to another host or code); sent after each committed change.",
  "link.deleted": "A short link was deleted; carries its last state.",
  "link.clicked":
    "A short link with tracking on answered a visit that was not a QR scan (bots included: see is_bot); sent per click, only to endpoints that list this type.",
  "qr.created": "A QR code was created.",
  "qr.updated": "A QR code changed (content, style or destination of its short link).",
  "qr.deleted": "A QR code was deleted; carries its last state.",
  "qr.scanned":
    "A dynamic QR code was scanned: its short link answered a visit, or a scan was reported through the API; sent per scan, only to endpoints that list this type.",
  "campaign.created": "A campaign was created.",
  "campaign.updated": "A campaign changed: name, description or tags, or a link joined or left it.",
  "campaign.deleted": "A campaign was deleted (its links stay, without a campaign); carries its last state.",
  "domain.verified":
    "A branded domain's DNS TXT record was found: links may now use the domain. Sent when a check first verifies it.",
  "conversion.recorded":
    "A conversion (lead, purchase, signup...) was recorded and attributed to a click on a short link.",
  "abtest.started": "An A/B test started splitting its link's traffic among its variants.",
  "abtest.completed":
    "An A/B test ended: completed by hand, on its own once a winner was significant (auto_complete), or because its link was deleted (then without a winner).",
  "webhook.test": "Sent on demand by the endpoint test call, to that endpoint only; carries no account data.",
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
