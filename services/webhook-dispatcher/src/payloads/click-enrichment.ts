import type { clicksV1 } from "@kurz/proto";

/**
 * What a click's raw request data tells once interpreted. The internal click event carries the
 * visitor's IP address and user agent, not their meaning; working that out (user-agent parsing,
 * bot detection, a geo database, referrer classification) is the enricher's job, injected here so
 * that the catalogue stays free of it and agrees with analytics-ingest when both use one enricher.
 *
 * Only these derived fields reach a webhook: never the IP address or the raw user agent, which
 * identify a visitor (personal data under GDPR) and would leave Kurz for every customer endpoint.
 */
export interface EnrichedClickFields {
  /** ISO 3166-1 alpha-2, upper case; null when unknown (private, reserved or unlisted address). */
  country: string | null;
  /** Region or state name; null when unknown. */
  region: string | null;
  city: string | null;
  /** desktop, mobile, tablet, console, smarttv, wearable, embedded, bot; null when unknown. */
  deviceType: string | null;
  /** Browser name, e.g. "Chrome"; null when unknown. */
  browser: string | null;
  /** Operating system name, e.g. "iOS"; null when unknown. */
  os: string | null;
  isBot: boolean;
  /** The fetcher's name when isBot and it is known, e.g. "slackbot-linkexpanding". */
  botName: string | null;
  /** The referrer's host without "www." (an app id for android-app:// referrers); null when none. */
  referrerHost: string | null;
}

/**
 * Interprets a click. Synchronous: geo databases and user-agent parsers answer in memory, and a
 * click is mapped on the delivery path of every subscribed endpoint.
 */
export type EnrichClick = (click: clicksV1.ClickRecorded) => EnrichedClickFields;
