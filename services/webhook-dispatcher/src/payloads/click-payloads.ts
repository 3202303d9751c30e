import { z } from "zod";
import { idField, isoTimeField, nullableIdField } from "./webhook-payload-fields";

/**
 * `data` of link.clicked and qr.scanned: one enriched click. No IP address and no user agent,
 * only what they tell (see click-enrichment.ts); both identify a visitor.
 */
export const clickDataSchema = z
  .object({
    click_id: idField("The click's UUID; also the svc_click_id a later conversion names"),
    clicked_at: isoTimeField("When the short link answered the visit"),
    link_id: idField("The link's UUID"),
    short_code: z.string().describe("Short code or custom alias of the link"),
    domain: z.string().describe("Host the link answered on, lowercase, no port"),
    short_url: z.string().describe("The link's full short address"),
    destination_url: z.string().describe("Where the visitor was sent"),
    campaign_id: nullableIdField("The link's campaign at click time; null: none"),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .describe("ISO 3166-1 alpha-2 country of the visitor; null when unknown"),
    region: z.string().nullable().describe("Region or state of the visitor; null when unknown"),
    city: z.string().nullable().describe("City of the visitor; null when unknown"),
    device_type: z
      .string()
      .nullable()
      .describe("desktop, mobile, tablet, console, smarttv, wearable, embedded or bot; null when unknown"),
    browser: z.string().nullable().describe("Browser name, e.g. Chrome; null when unknown"),
    os: z.string().nullable().describe("Operating system name, e.g. iOS; null when unknown"),
    referrer_url: z.string().nullable().describe("The Referer the visitor's client sent; null: direct"),
    referrer_host: z
      .string()
      .nullable()
      .describe("The referrer's host without www. (an app id for app referrers); null: direct"),
    utm: z
      .object({
        source: z.string().describe("utm_source"),
        medium: z.string().describe("utm_medium"),
        campaign: z.string().describe("utm_campaign"),
        term: z.string().describe("utm_term"),
        content: z.string().describe("utm_content"),
      })
      .describe("UTM parameters of the short URL as visited (not the link's own); empty strings when absent"),
    is_bot: z.boolean().describe("A crawler, preview fetcher or script rather than a person"),
    bot_name: z.string().nullable().describe("The bot's name when is_bot and known; else null"),
    ab_test_id: nullableIdField("The A/B test that routed this click; null: none"),
    variant_id: nullableIdField("The A/B variant the visitor was sent to; null: none"),
  })
  .describe("A click on a short link");

const click = {
  click_id: "0195a1f2-3b4c-7d5e-8f60-718293a4b5c6",
  clicked_at: "2025-03-14T09:26:53.589Z",
  link_id: "0191c3a0-5e2b-7c4d-8e9f-1a2b3c4d5e6f",
  short_code: "spring-sale",
  domain: "go.acme.com",
  short_url: "https://go.acme.com/spring-sale",
  destination_url:
    "https://www.acme.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2025",
  campaign_id: "0191c39e-12ab-7def-9a01-23456789abcd",
  country: "DE",
  region: "Bavaria",
  city: "Munich",
  device_type: "mobile",
  browser: "Mobile Safari",
  os: "iOS",
  referrer_url: "https://www.instagram.com/",
  referrer_host: "instagram.com",
  utm: { source: "instagram", medium: "social", campaign: "spring-2025", term: "", content: "story" },
  is_bot: false,
  bot_name: null,
  ab_test_id: null,
  variant_id: null,
} satisfies z.input<typeof clickDataSchema>;

export const clickPayloadExamples = {
  "link.clicked": click,
  "qr.scanned": {
    ...click,
    click_id: "0195a1f4-8c9d-7e0f-a1b2-c3d4e5f60718",
    clicked_at: "2025-03-14T12:04:10.112Z",
    link_id: "0191c3b1-5f60-7a1b-8c2d-3e4f5a6b7c8d",
    short_code: "menu",
    short_url: "https://go.acme.com/menu",
    destination_url: "https://www.acme-bistro.com/menu",
    campaign_id: null,
    device_type: "mobile",
    browser: "Chrome",
    os: "Android",
    referrer_url: null,
    referrer_host: null,
    utm: { source: "", medium: "", campaign: "", term: "", content: "" },
  },
} satisfies Record<"link.clicked" | "qr.scanned", z.input<typeof clickDataSchema>>;
