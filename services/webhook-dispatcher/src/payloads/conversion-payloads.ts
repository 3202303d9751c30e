import { z } from "zod";
import { idField, isoTimeField, nullableIdField } from "./webhook-payload-fields";

/**
 * `data` of conversion.recorded: the conversion as reported to POST /api/v1/conversions (its
 * snake_case names: event_name, value, currency, metadata) with its attribution to a click.
 */
export const conversionDataSchema = z
  .object({
    conversion_id: idField(
      "The conversion's UUID: the same report (click, event name, idempotency key) always gets the same one",
    ),
    click_id: idField("The click it is attributed to (the svc_click_id the landing page reported)"),
    event_name: z.string().describe("e.g. lead, purchase, signup"),
    value: z.number().nullable().describe("Monetary value; null when none was given"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .describe("ISO 4217 code; USD when none was given"),
    metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The metadata object sent with the conversion; null when none"),
    occurred_at: isoTimeField("When the conversion was recorded"),
    clicked_at: isoTimeField("When the attributed click happened"),
    link_id: idField("The clicked link's UUID"),
    short_code: z.string().describe("Short code or custom alias of the clicked link"),
    domain: z.string().describe("Host the clicked link answered on"),
    short_url: z.string().describe("The clicked link's full short address"),
    campaign_id: nullableIdField("The link's campaign at click time; null: none"),
    ab_test_id: nullableIdField("The A/B test that routed the click; null: none"),
    variant_id: nullableIdField("The A/B variant the visitor saw; null: none"),
  })
  .describe("A conversion attributed to a click");

export const conversionPayloadExamples = {
  "conversion.recorded": {
    conversion_id: "5c0d8e1f-9a2b-8c3d-b4e5-f60718293a4b",
    click_id: "0195a1f2-3b4c-7d5e-8f60-718293a4b5c6",
    event_name: "purchase",
    value: 49.9,
    currency: "EUR",
    metadata: { order_id: "A-10293", items: 2 },
    occurred_at: "2025-03-14T09:41:07.305Z",
    clicked_at: "2025-03-14T09:26:53.589Z",
    link_id: "0191c3a0-5e2b-7c4d-8e9f-1a2b3c4d5e6f",
    short_code: "spring-sale",
    domain: "go.acme.com",
    short_url: "https://go.acme.com/spring-sale",
    campaign_id: "0191c39e-12ab-7def-9a01-23456789abcd",
    ab_test_id: null,
    variant_id: null,
  },
} satisfies { "conversion.recorded": z.input<typeof conversionDataSchema> };
