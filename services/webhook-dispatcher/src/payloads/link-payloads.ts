import { z } from "zod";
import { idField, nullableIdField, nullableIsoTimeField } from "./webhook-payload-fields";

/**
 * `data` of link.created, link.updated and link.deleted: the link as the redirect edge serves it.
 *
 * Field names are the REST API's ShortUrl names in snake_case. The internal event (LinkChanged)
 * carries a LinkSnapshot, not the full Link, so the REST fields it lacks (name, original_url,
 * tags, utm, url_type, custom_alias, clicks, created_at, updated_at) are absent rather than
 * fetched: a deleted link could not be fetched, and a fetch would race later changes.
 * The link's password and its hash are never sent: `password_protected` says whether there is one.
 */
export const linkDataSchema = z
  .object({
    link_id: idField("The link's UUID; endpoint link filters name it"),
    short_code: z.string().describe("Short code or custom alias, case-sensitive (the REST API's shortCode)"),
    domain: z.string().describe("Host the link answers on, lowercase, no port"),
    short_url: z.string().describe("The full short address"),
    destination_url: z.string().describe("Where visitors are sent, the link's UTM fields merged in"),
    is_dynamic: z
      .boolean()
      .describe("Dynamic links redirect with 302 and may change destination; static with 301"),
    tracking_enabled: z.boolean().describe("Clicks are recorded (and link.clicked / qr.scanned sent)"),
    conversion_tracking: z.boolean().describe("svc_click_id is appended to the destination for conversions"),
    password_protected: z.boolean().describe("Visitors must enter a password (never sent, nor its hash)"),
    campaign_id: nullableIdField("The campaign the link belongs to; null: none"),
    ab_test_id: nullableIdField("The A/B test routing the link's traffic now; null: none"),
    expires_at: nullableIsoTimeField("When the link expires; null: never by date"),
    max_clicks: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe("Clicks after which it expires; null: no cap"),
    expired_url: z.string().nullable().describe("Where an expired link sends visitors; null: a 410 page"),
    qr: z.boolean().describe("The link is the target of a dynamic QR code (its visits are QR scans)"),
    rules: z
      .array(
        z
          .object({
            id: z.string().describe("The rule's id, recorded on the clicks it sends (rule_id)"),
            name: z.string().optional().describe("The rule's label"),
            destination_url: z.string().describe("Where visitors meeting every condition go"),
            conditions: z
              .array(z.record(z.string(), z.unknown()).describe("One condition: type and its values"))
              .describe("As the REST API takes them"),
          })
          .describe("One redirect rule"),
      )
      .describe("Redirect rules in order, first match wins (docs/api/redirect-rules.md)"),
    ios_url: z.string().nullable().describe("Where iOS visitors go before any rule; null: none"),
    android_url: z.string().nullable().describe("Where Android visitors go before any rule; null: none"),
    og_title: z.string().nullable().describe("The preview card's title; null: none"),
    og_description: z.string().nullable().describe("The preview card's description; null: none"),
    og_image: z.string().nullable().describe("The preview card's image; null: none"),
  })
  .describe("A short link");

export const linkCreatedDataSchema = linkDataSchema;

export const linkUpdatedDataSchema = linkDataSchema
  .extend({
    previous_domain: z
      .string()
      .nullable()
      .describe("When this update moved the link to another host or code: the host before; else null"),
    previous_short_code: z
      .string()
      .nullable()
      .describe("When this update moved the link to another host or code: the code before; else null"),
    previous_short_url: z
      .string()
      .nullable()
      .describe("When this update moved the link: the short address that no longer answers; else null"),
  })
  .describe("A short link after the change");

export const linkDeletedDataSchema = linkDataSchema.describe("A short link's last state before deletion");

const springSale = {
  link_id: "0191c3a0-5e2b-7c4d-8e9f-1a2b3c4d5e6f",
  short_code: "spring-sale",
  domain: "go.acme.com",
  short_url: "https://go.acme.com/spring-sale",
  destination_url:
    "https://www.acme.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2025",
  is_dynamic: true,
  tracking_enabled: true,
  conversion_tracking: true,
  password_protected: false,
  campaign_id: "0191c39e-12ab-7def-9a01-23456789abcd",
  ab_test_id: null,
  expires_at: "2025-06-30T23:59:59.000Z",
  max_clicks: null,
  expired_url: "https://www.acme.com/sale-ended",
  qr: false,
  rules: [
    {
      id: "de-speakers",
      name: "German speakers",
      destination_url: "https://www.acme.com/de/summer-sale",
      conditions: [{ type: "language", values: ["de"] }],
    },
  ],
  ios_url: null,
  android_url: null,
  og_title: "Summer sale",
  og_description: null,
  og_image: null,
} satisfies z.input<typeof linkDataSchema>;

export const linkPayloadExamples = {
  "link.created": springSale,
  "link.updated": {
    ...springSale,
    short_code: "spring",
    short_url: "https://go.acme.com/spring",
    previous_domain: "go.acme.com",
    previous_short_code: "spring-sale",
    previous_short_url: "https://go.acme.com/spring-sale",
  },
  "link.deleted": springSale,
} satisfies {
  "link.created": z.input<typeof linkCreatedDataSchema>;
  "link.updated": z.input<typeof linkUpdatedDataSchema>;
  "link.deleted": z.input<typeof linkDeletedDataSchema>;
};
