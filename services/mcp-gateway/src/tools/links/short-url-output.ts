import { timestampDate } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { z } from "zod";

const URL_TYPES: Record<number, "standard" | "branded" | "subdomain"> = {
  [linksV1.UrlType.UNSPECIFIED]: "standard",
  [linksV1.UrlType.STANDARD]: "standard",
  [linksV1.UrlType.BRANDED]: "branded",
  [linksV1.UrlType.SUBDOMAIN]: "subdomain",
};

/** A short link as the tools return it: the REST API's ShortUrl fields (docs/api/links.md#a-link). */
export const shortUrlSchema = z.object({
  id: z.string().describe("Short code or custom alias: what the other tools take as shortCode"),
  shortUrl: z.string().describe("The full short address to share"),
  originalUrl: z.string().describe("The destination as given (without the link's UTM fields)"),
  destinationUrl: z.string().describe("Where visitors are sent: originalUrl with the UTM fields merged in"),
  name: z.string(),
  urlType: z.enum(["standard", "branded", "subdomain"]),
  domain: z.string().describe("The host the link answers on"),
  is_dynamic: z.boolean(),
  tracking_enabled: z.boolean(),
  password_protected: z.boolean(),
  tags: z.array(z.string()),
  campaign_id: z.string().nullable(),
  clicks: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

export type ShortUrlOutput = z.output<typeof shortUrlSchema>;

export function toShortUrlOutput(link: linksV1.Link | undefined): ShortUrlOutput {
  if (!link) throw new Error("link-api answered without a link");
  return {
    id: link.code,
    shortUrl: link.shortUrl,
    originalUrl: link.originalUrl,
    destinationUrl: link.destinationUrl,
    name: link.name,
    urlType: URL_TYPES[link.urlType] ?? "standard",
    domain: link.host,
    is_dynamic: link.dynamic,
    tracking_enabled: link.trackingEnabled,
    password_protected: link.passwordProtected,
    tags: [...link.tags],
    campaign_id: link.campaignId === "" ? null : link.campaignId,
    clicks: Number(link.clicks),
    expiresAt: link.expiresAt ? timestampDate(link.expiresAt).toISOString() : null,
    createdAt: link.createdAt ? timestampDate(link.createdAt).toISOString() : "",
  };
}

export const URL_TYPE_OF = {
  standard: linksV1.UrlType.STANDARD,
  branded: linksV1.UrlType.BRANDED,
  subdomain: linksV1.UrlType.SUBDOMAIN,
} as const;

/** The shortCode parameter every link tool takes. */
export const shortCodeParam = z
  .string()
  .min(1)
  .max(200)
  .describe('The link\'s short code or custom alias (as in its short URL), e.g. "spring-sale"')
  .meta({ examples: ["spring-sale", "aB3xK9"] });
