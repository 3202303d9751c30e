import type { Campaign, CampaignBody } from "./campaign";

/** The campaign form's values as typed; keys are the API's field names, so its errors map back. */
export interface CampaignDraft {
  name: string;
  description: string;
  tags: string;
}

export type CampaignField = keyof CampaignDraft;

export const CAMPAIGN_FIELDS: readonly CampaignField[] = ["name", "description", "tags"];

export const EMPTY_CAMPAIGN_DRAFT: CampaignDraft = { name: "", description: "", tags: "" };

export const draftOfCampaign = (campaign: Campaign): CampaignDraft => ({
  name: campaign.name,
  description: campaign.description,
  tags: campaign.tags.join(", "),
});

export type BuiltCampaignBody =
  | { ok: true; body: CampaignBody }
  | { ok: false; errors: Map<CampaignField, string> };

/**
 * The call's body. Description and tags are always sent, so clearing them in the edit form
 * clears them in the campaign; the API lowercases and deduplicates the tags.
 */
export function buildCampaignBody(draft: CampaignDraft): BuiltCampaignBody {
  const name = draft.name.trim();
  if (name === "") return { ok: false, errors: new Map([["name", "Enter a name for the campaign"]]) };
  const tags = draft.tags
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { ok: true, body: { name, description: draft.description.trim(), tags } };
}
