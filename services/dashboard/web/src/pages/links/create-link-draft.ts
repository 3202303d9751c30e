/**
 * The create form's values as typed. Keys are the API's field names (so its errors map back to
 * the fields), except `domain`: the chosen host, which becomes urlType + subdomain/branded_domain.
 */
export interface CreateLinkDraft {
  url: string;
  customAlias: string;
  domain: string;
  name: string;
  tags: string;
  campaign_id: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  password: string;
  expires_at: string;
  max_clicks: string;
  expired_url: string;
  is_dynamic: boolean;
  tracking_enabled: boolean;
  conversion_tracking: boolean;
}

export type DraftField = keyof CreateLinkDraft;

export const EMPTY_DRAFT: CreateLinkDraft = {
  url: "",
  customAlias: "",
  domain: "",
  name: "",
  tags: "",
  campaign_id: "",
  utm_source: "",
  utm_medium: "",
  utm_campaign: "",
  utm_term: "",
  utm_content: "",
  password: "",
  expires_at: "",
  max_clicks: "",
  expired_url: "",
  is_dynamic: false,
  tracking_enabled: true,
  conversion_tracking: false,
};

/** The order fields appear in: the first one with an error gets the focus. */
export const DRAFT_FIELDS = Object.keys(EMPTY_DRAFT) as DraftField[];

/** The id of a field's control in the create form. */
export const fieldId = (field: DraftField): string => `create-${field.replace(/_/g, "-")}`;

/** The draft field an API field name belongs to (the host fields all belong to `domain`). */
export function draftFieldOf(apiField: string): DraftField | undefined {
  if (apiField === "urlType" || apiField === "subdomain" || apiField === "branded_domain") return "domain";
  return DRAFT_FIELDS.find((field) => field === apiField);
}

/** Tags as typed ("summer, Launch ,") → ["summer", "Launch"]; the API lowercases and deduplicates. */
export const splitTags = (text: string): string[] =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
