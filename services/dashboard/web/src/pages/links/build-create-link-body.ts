import type { CreateLinkBody } from "./create-link";
import { type CreateLinkDraft, type DraftField, splitTags } from "./create-link-draft";
import type { DomainChoice } from "./link-choices";

const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export type BuiltBody = { ok: true; body: CreateLinkBody } | { ok: false; errors: Map<DraftField, string> };

/**
 * The create call's body from what was typed: only the fields that were filled in (and the
 * switches moved off their defaults), so the API applies its own defaults to the rest. Catches
 * what the browser can tell on its own; everything else is the API's to judge.
 */
export function buildCreateLinkBody(draft: CreateLinkDraft, domains: DomainChoice[]): BuiltBody {
  const errors = new Map<DraftField, string>();
  const url = draft.url.trim();
  if (url === "") errors.set("url", "Enter the destination URL, starting with https:// or http://");

  const body: CreateLinkBody = { url };
  const alias = draft.customAlias.trim();
  if (alias) body.customAlias = alias;
  const name = draft.name.trim();
  if (name) body.name = name;

  const host = domains.find((d) => d.host === draft.domain);
  if (host?.kind === "subdomain") {
    body.urlType = "subdomain";
    body.subdomain = host.value;
  } else if (host?.kind === "branded") {
    body.urlType = "branded";
    body.branded_domain = host.value;
  }

  const tags = splitTags(draft.tags);
  if (tags.length > 0) body.tags = tags;
  if (draft.campaign_id) body.campaign_id = draft.campaign_id;
  for (const field of UTM_FIELDS) {
    const value = draft[field].trim();
    if (value) body[field] = value;
  }
  // A password is taken as typed: spaces may be part of it.
  if (draft.password) body.password = draft.password;

  if (draft.expires_at) {
    // datetime-local is the reader's local time; the API wants an instant.
    const expires = new Date(draft.expires_at);
    if (Number.isNaN(expires.getTime())) errors.set("expires_at", "Enter a valid date and time");
    else body.expires_at = expires.toISOString();
  }
  const maxClicks = draft.max_clicks.trim();
  if (maxClicks) {
    const value = Number(maxClicks);
    if (!Number.isInteger(value) || value < 1)
      errors.set("max_clicks", "Enter a whole number of clicks, 1 or more");
    else body.max_clicks = value;
  }
  const expiredUrl = draft.expired_url.trim();
  if (expiredUrl) body.expired_url = expiredUrl;

  if (draft.is_dynamic) body.is_dynamic = true;
  if (!draft.tracking_enabled) body.tracking_enabled = false;
  if (draft.conversion_tracking) body.conversion_tracking = true;

  return errors.size > 0 ? { ok: false, errors } : { ok: true, body };
}
