import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import { ruleInputOfMessage } from "@kurz/redirect-rules";
import { optionalText } from "@kurz/service-runtime";
import { toUrlTypeName } from "./to-link-message";

function utmInput(utm: linksV1.Utm | undefined) {
  return {
    utm_source: optionalText(utm?.source ?? ""),
    utm_medium: optionalText(utm?.medium ?? ""),
    utm_campaign: optionalText(utm?.campaign ?? ""),
    utm_term: optionalText(utm?.term ?? ""),
    utm_content: optionalText(utm?.content ?? ""),
  };
}

/**
 * A CreateLinkRequest as the REST body it stands for (proto3's "" and 0 read as absent), to be
 * validated by the REST route's schema: both surfaces refuse the same inputs the same way.
 */
export function createInputOf(request: linksV1.CreateLinkRequest): Record<string, unknown> {
  return {
    url: request.url,
    customAlias: optionalText(request.customAlias),
    name: optionalText(request.name),
    tracking_enabled: request.trackingEnabled,
    is_dynamic: request.isDynamic,
    campaign_id: optionalText(request.campaignId),
    urlType: toUrlTypeName(request.urlType),
    branded_domain: optionalText(request.brandedDomain),
    subdomain: optionalText(request.subdomain),
    tags: request.tags.length > 0 ? request.tags : undefined,
    password: optionalText(request.password),
    ...utmInput(request.utm),
    expires_at: request.expiresAt ? timestampDate(request.expiresAt).toISOString() : undefined,
    max_clicks: request.maxClicks === 0n ? undefined : Number(request.maxClicks),
    expired_url: optionalText(request.expiredUrl),
    conversion_tracking: request.conversionTracking,
    rules: request.rules.length > 0 ? request.rules.map(ruleInputOfMessage) : undefined,
    ios_url: optionalText(request.iosUrl),
    android_url: optionalText(request.androidUrl),
    og_title: optionalText(request.ogTitle),
    og_description: optionalText(request.ogDescription),
    og_image: optionalText(request.ogImage),
  };
}

/** An UpdateLinkRequest's changes as the PATCH body they stand for (absent fields unchanged). */
export function updateInputOf(request: linksV1.UpdateLinkRequest): Record<string, unknown> {
  return {
    url: request.url,
    name: request.name,
    tracking_enabled: request.trackingEnabled,
    is_dynamic: request.isDynamic,
    password: request.password === undefined ? undefined : request.password || null,
    tags: request.tags?.tags,
    campaign_id: request.campaignId === undefined ? undefined : request.campaignId || null,
    urlType: toUrlTypeName(request.urlType),
    branded_domain: request.brandedDomain,
    subdomain: request.subdomain,
    ...(request.utm
      ? {
          utm_source: request.utm.source,
          utm_medium: request.utm.medium,
          utm_campaign: request.utm.campaign,
          utm_term: request.utm.term,
          utm_content: request.utm.content,
        }
      : {}),
    expires_at: request.clearExpiresAt
      ? null
      : request.expiresAt
        ? timestampDate(request.expiresAt).toISOString()
        : undefined,
    max_clicks: request.maxClicks === undefined ? undefined : Number(request.maxClicks),
    expired_url: request.expiredUrl,
    conversion_tracking: request.conversionTracking,
    rules: request.rules?.rules.map(ruleInputOfMessage),
    ios_url: request.iosUrl,
    android_url: request.androidUrl,
    og_title: request.ogTitle,
    og_description: request.ogDescription,
    og_image: request.ogImage,
  };
}
