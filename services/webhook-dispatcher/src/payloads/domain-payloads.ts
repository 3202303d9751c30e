import { z } from "zod";
import { idField, isoTimeField, nullableIsoTimeField } from "./webhook-payload-fields";

/**
 * `data` of domain.verified: the REST API's BrandedDomain in snake_case. Only branded domains
 * are verified (subdomains of the shared host need no DNS check). The verification record is no
 * secret: it is what the customer publishes in public DNS. The app association files are not
 * repeated (up to 128 KiB each, they could outgrow a webhook body): two flags say whether the
 * domain serves them.
 */
export const domainVerifiedDataSchema = z
  .object({
    id: idField("The branded domain's UUID"),
    domain: z.string().describe("Host name, lowercase (IDN in punycode), no port"),
    name: z.string().describe("Display name; empty when none was given"),
    status: z.enum(["pending", "verified", "failed"]).describe("verified in this event"),
    verification: z
      .object({
        type: z.literal("TXT").describe("DNS record type"),
        name: z.string().describe("Name of the TXT record"),
        value: z.string().describe("Value the TXT record must contain"),
      })
      .describe("The DNS record that proves ownership"),
    last_checked_at: nullableIsoTimeField("When the record was last checked; null: never"),
    verified_at: nullableIsoTimeField("When the domain was first verified"),
    failure_reason: z.string().nullable().describe("Why the last check failed; null when it passed"),
    link_count: z.number().int().nonnegative().describe("Links on the domain"),
    root_redirect_url: z
      .string()
      .nullable()
      .describe("Where the domain's root sends visitors; null: a 404 page"),
    not_found_redirect_url: z
      .string()
      .nullable()
      .describe("Where an unknown code on the domain sends visitors; null: a 404 page"),
    expired_redirect_url: z
      .string()
      .nullable()
      .describe("Where an expired link without its own expired_url sends visitors; null: a 410 page"),
    has_apple_app_site_association: z
      .boolean()
      .describe("The domain serves /.well-known/apple-app-site-association"),
    has_asset_links: z.boolean().describe("The domain serves /.well-known/assetlinks.json"),
    created_at: isoTimeField("When the domain was added"),
    updated_at: isoTimeField("When the domain last changed"),
  })
  .describe("A branded domain, now usable by links");

export const domainPayloadExamples = {
  "domain.verified": {
    id: "0191c380-4d5e-7f60-8a1b-2c3d4e5f6a7b",
    domain: "go.acme.com",
    name: "Acme short links",
    status: "verified",
    verification: {
      type: "TXT",
      name: "_kurz-verify.go.acme.com",
      value: "kurz-verify=4f1c9a7e2b6d8c0e5a3f1b7d9e2c4a6b",
    },
    last_checked_at: "2025-02-26T16:42:05.000Z",
    verified_at: "2025-02-26T16:42:05.000Z",
    failure_reason: null,
    link_count: 0,
    root_redirect_url: "https://acme.com/",
    not_found_redirect_url: null,
    expired_redirect_url: "https://acme.com/offers-ended",
    has_apple_app_site_association: true,
    has_asset_links: false,
    created_at: "2025-02-26T16:20:48.000Z",
    updated_at: "2025-02-26T16:42:05.000Z",
  },
} satisfies { "domain.verified": z.input<typeof domainVerifiedDataSchema> };
