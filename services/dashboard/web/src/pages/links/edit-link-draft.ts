import { type CreateLinkDraft, type DraftField, EMPTY_DRAFT } from "./create-link-draft";
import type { ShortUrl } from "./short-url";

/** The id of a field's control in the edit dialog (the create form's ids are on the same page). */
export const editFieldId = (field: DraftField): string => `edit-${field.replace(/_/g, "-")}`;

/** An instant as a datetime-local value: the reader's local time, to the minute. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The edit dialog's starting values: the link as it is, in the create form's shape so the same
 * field components show it. The password is never known (stored hashed): it starts empty.
 */
export function draftFromLink(link: ShortUrl): CreateLinkDraft {
  return {
    ...EMPTY_DRAFT,
    url: link.originalUrl,
    // The create form's domain choice: a host, "" for the standard short domain.
    domain: link.urlType === "standard" ? "" : link.domain,
    name: link.name,
    tags: link.tags.join(", "),
    campaign_id: link.campaignId ?? "",
    utm_source: link.utm.source,
    utm_medium: link.utm.medium,
    utm_campaign: link.utm.campaign,
    utm_term: link.utm.term,
    utm_content: link.utm.content,
    expires_at: toLocalInput(link.expiresAt),
    // The API reports "no limit" as null or 0.
    max_clicks: link.maxClicks ? String(link.maxClicks) : "",
    expired_url: link.expiredUrl ?? "",
    is_dynamic: link.isDynamic,
    tracking_enabled: link.trackingEnabled,
    conversion_tracking: link.conversionTracking,
  };
}
