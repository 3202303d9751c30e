import { type CreateLinkDraft, type DraftField, splitTags } from "./create-link-draft";
import type { DomainChoice } from "./link-choices";
import type { UpdateLinkBody } from "./update-link";

const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
const FLAGS = ["is_dynamic", "tracking_enabled", "conversion_tracking"] as const;

export type BuiltUpdate = { ok: true; body: UpdateLinkBody } | { ok: false; errors: Map<DraftField, string> };

const sameTags = (a: string[], b: string[]) =>
  a.length === b.length && a.every((tag, index) => tag.toLowerCase() === b[index]?.toLowerCase());

/**
 * The PATCH body: only the fields that differ from the link as it was, so an untouched field is
 * never rewritten (and a static link's destination is never sent, which the API would refuse).
 * A cleared optional field is sent as its "none" value.
 */
export function buildUpdateLinkBody(
  initial: CreateLinkDraft,
  draft: CreateLinkDraft,
  removePassword: boolean,
  domains: DomainChoice[],
): BuiltUpdate {
  const errors = new Map<DraftField, string>();
  const body: UpdateLinkBody = {};

  const url = draft.url.trim();
  if (url !== initial.url) {
    if (url === "") errors.set("url", "Enter the destination URL, starting with https:// or http://");
    else body.url = url;
  }
  const name = draft.name.trim();
  if (name !== initial.name) body.name = name;

  // Another host: the link keeps its code and answers there (the API refuses it for a QR code's link).
  if (draft.domain !== initial.domain) {
    const host = domains.find((d) => d.host === draft.domain);
    if (draft.domain === "") body.urlType = "standard";
    else if (host?.kind === "subdomain") Object.assign(body, { urlType: "subdomain", subdomain: host.value });
    else if (host?.kind === "branded")
      Object.assign(body, { urlType: "branded", branded_domain: host.value });
  }

  const tags = splitTags(draft.tags);
  if (!sameTags(tags, splitTags(initial.tags))) body.tags = tags;
  if (draft.campaign_id !== initial.campaign_id) body.campaign_id = draft.campaign_id || "none";
  for (const field of UTM_FIELDS) {
    const value = draft[field].trim();
    if (value !== initial[field]) body[field] = value;
  }

  // A password is taken as typed: spaces may be part of it. Empty means "keep the current one".
  if (removePassword) body.password = null;
  else if (draft.password) body.password = draft.password;

  if (draft.expires_at !== initial.expires_at) {
    if (draft.expires_at === "") body.expires_at = null;
    else {
      // datetime-local is the reader's local time; the API wants an instant.
      const expires = new Date(draft.expires_at);
      if (Number.isNaN(expires.getTime())) errors.set("expires_at", "Enter a valid date and time");
      else body.expires_at = expires.toISOString();
    }
  }
  const maxClicks = draft.max_clicks.trim();
  if (maxClicks !== initial.max_clicks) {
    const value = Number(maxClicks);
    if (maxClicks === "") body.max_clicks = null;
    else if (!Number.isInteger(value) || value < 1)
      errors.set("max_clicks", "Enter a whole number of clicks, 1 or more");
    else body.max_clicks = value;
  }
  const expiredUrl = draft.expired_url.trim();
  if (expiredUrl !== initial.expired_url) body.expired_url = expiredUrl || null;

  for (const flag of FLAGS) {
    if (draft[flag] !== initial[flag]) body[flag] = draft[flag];
  }

  return errors.size > 0 ? { ok: false, errors } : { ok: true, body };
}
