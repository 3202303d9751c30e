import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { campaignsV1 } from "@kurz/proto";
import { z } from "zod";

/** The `id` every campaign tool takes. */
export const campaignIdParam = z
  .uuid()
  .describe("The campaign's id (UUID, from listCampaigns or createCampaign)")
  .meta({ examples: ["3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f"] });

/** A campaign as the tools return it: the REST API's Campaign fields. */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  link_count: z.number().int().describe("Links filed under the campaign"),
  created_at: z.string().nullable(),
});

export type CampaignOutput = z.output<typeof campaignSchema>;

export function toCampaignOutput(campaign: campaignsV1.Campaign | undefined): CampaignOutput {
  if (!campaign) throw new Error("link-api answered without a campaign");
  return {
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    tags: [...campaign.tags],
    link_count: Number(campaign.linkCount),
    created_at: campaign.createdAt ? timestampDate(campaign.createdAt).toISOString() : null,
  };
}

export const campaignTagsParam = z
  .array(z.string().min(1).max(50))
  .max(20)
  .describe('Labels, e.g. ["spring", "email"]');
