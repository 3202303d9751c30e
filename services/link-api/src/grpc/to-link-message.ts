import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { ruleMessageOf } from "@kurz/redirect-rules";
import type { ShortHosts } from "@kurz/routes";
import type { LinkRow } from "../db/schema";

const URL_TYPES = {
  standard: linksV1.UrlType.STANDARD,
  branded: linksV1.UrlType.BRANDED,
  subdomain: linksV1.UrlType.SUBDOMAIN,
} as const;

export function toUrlTypeName(value: linksV1.UrlType): "standard" | "branded" | "subdomain" | undefined {
  switch (value) {
    case linksV1.UrlType.STANDARD:
      return "standard";
    case linksV1.UrlType.BRANDED:
      return "branded";
    case linksV1.UrlType.SUBDOMAIN:
      return "subdomain";
    default:
      return undefined;
  }
}

export function toLinkMessage(row: LinkRow, hosts: ShortHosts): MessageInitShape<typeof linksV1.LinkSchema> {
  return {
    id: row.id,
    accountId: row.accountId,
    code: row.code,
    shortUrl: hosts.shortUrl(row.host, row.code),
    host: row.host,
    originalUrl: row.originalUrl,
    destinationUrl: row.destinationUrl,
    name: row.name,
    urlType: URL_TYPES[row.urlType],
    brandedDomain: row.urlType === "branded" ? row.host : "",
    subdomain: row.urlType === "subdomain" ? (hosts.subdomainOf(row.host) ?? "") : "",
    dynamic: row.dynamic,
    trackingEnabled: row.trackingEnabled,
    conversionTracking: row.conversionTracking,
    passwordProtected: row.passwordHash !== "",
    tags: row.tags,
    campaignId: row.campaignId ?? "",
    utm: {
      source: row.utmSource,
      medium: row.utmMedium,
      campaign: row.utmCampaign,
      term: row.utmTerm,
      content: row.utmContent,
    },
    expiresAt: row.expiresAt ? timestampFromDate(row.expiresAt) : undefined,
    maxClicks: BigInt(row.maxClicks),
    expiredUrl: row.expiredUrl,
    clicks: BigInt(row.clicks),
    qr: row.qr,
    customAlias: row.customAlias,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
    rules: row.rules.map(ruleMessageOf),
    iosUrl: row.iosUrl,
    androidUrl: row.androidUrl,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImage,
  };
}
