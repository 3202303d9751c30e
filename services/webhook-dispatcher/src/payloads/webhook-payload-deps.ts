import type { EnrichClick } from "./click-enrichment";

/** What mapping internal events to webhook bodies needs from outside the event itself. */
export interface WebhookPayloadDeps {
  /** Geography, device and referrer of a click: see click-enrichment.ts. */
  enrich: EnrichClick;
  /**
   * The short URL of a link's host and code (link-api's ShortHosts.shortUrl). Events carry the
   * host and code only, and the address depends on configuration: the scheme, and the port of
   * the standard and shared hosts.
   */
  shortUrl(host: string, code: string): string;
}
