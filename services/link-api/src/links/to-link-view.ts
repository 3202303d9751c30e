import { ruleViewSchema } from "@kurz/redirect-rules";
import type { ShortHosts } from "@kurz/routes";
import { z } from "zod";
import type { LinkRow } from "../db/schema";

/** A link as the REST API returns it (camelCase; docs/api/links.md#a-link). */
export const linkViewSchema = z
  .object({
    id: z.string().describe("Short code or custom alias"),
    linkId: z.string().describe("Link UUID"),
    shortCode: z.string(),
    shortUrl: z.string(),
    originalUrl: z.string().describe("Destination as given (normalized), without UTM fields"),
    destinationUrl: z.string().describe("Destination with the UTM fields merged in"),
    name: z.string(),
    domain: z.string().describe("Host the link answers on"),
    urlType: z.enum(["standard", "branded", "subdomain"]),
    brandedDomain: z.string().nullable(),
    subdomain: z.string().nullable(),
    customAlias: z.boolean(),
    isDynamic: z.boolean(),
    trackingEnabled: z.boolean(),
    conversionTracking: z.boolean(),
    passwordProtected: z.boolean(),
    tags: z.array(z.string()),
    campaignId: z.string().nullable(),
    utm: z.object({
      source: z.string(),
      medium: z.string(),
      campaign: z.string(),
      term: z.string(),
      content: z.string(),
    }),
    expiresAt: z.string().nullable(),
    maxClicks: z.number().nullable(),
    expiredUrl: z.string().nullable(),
    rules: z.array(ruleViewSchema).describe("Redirect rules in order, as set (docs/api/redirect-rules.md)"),
    iosUrl: z.string().nullable(),
    androidUrl: z.string().nullable(),
    ogTitle: z.string().nullable(),
    ogDescription: z.string().nullable(),
    ogImage: z.string().nullable(),
    clicks: z.number(),
    qr: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ShortUrl" });

export type LinkView = z.output<typeof linkViewSchema>;

export function toLinkView(row: LinkRow, hosts: ShortHosts): LinkView {
  return {
    id: row.code,
    linkId: row.id,
    shortCode: row.code,
    shortUrl: hosts.shortUrl(row.host, row.code),
    originalUrl: row.originalUrl,
    destinationUrl: row.destinationUrl,
    name: row.name,
    domain: row.host,
    urlType: row.urlType,
    brandedDomain: row.urlType === "branded" ? row.host : null,
    subdomain: row.urlType === "subdomain" ? (hosts.subdomainOf(row.host) ?? null) : null,
    customAlias: row.customAlias,
    isDynamic: row.dynamic,
    trackingEnabled: row.trackingEnabled,
    conversionTracking: row.conversionTracking,
    passwordProtected: row.passwordHash !== "",
    tags: row.tags,
    campaignId: row.campaignId,
    utm: {
      source: row.utmSource,
      medium: row.utmMedium,
      campaign: row.utmCampaign,
      term: row.utmTerm,
      content: row.utmContent,
    },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxClicks: row.maxClicks > 0 ? row.maxClicks : null,
    expiredUrl: row.expiredUrl || null,
    rules: row.rules,
    iosUrl: row.iosUrl || null,
    androidUrl: row.androidUrl || null,
    ogTitle: row.ogTitle || null,
    ogDescription: row.ogDescription || null,
    ogImage: row.ogImage || null,
    clicks: row.clicks,
    qr: row.qr,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
