import type { LinkRow } from "../db/schema";

/**
 * A link's fields as its audit entries show them (docs/api/workspaces.md#audit-log): what a
 * person set, never the password (only whether there is one), not the counters.
 */
export function linkAuditFields(row: LinkRow): Record<string, unknown> {
  return {
    domain: row.host,
    shortCode: row.code,
    originalUrl: row.originalUrl,
    name: row.name,
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
    maxClicks: row.maxClicks || null,
    expiredUrl: row.expiredUrl || null,
    rules: row.rules,
    iosUrl: row.iosUrl || null,
    androidUrl: row.androidUrl || null,
    ogTitle: row.ogTitle || null,
    ogDescription: row.ogDescription || null,
    ogImage: row.ogImage || null,
    abTestId: row.abTestId,
  };
}
