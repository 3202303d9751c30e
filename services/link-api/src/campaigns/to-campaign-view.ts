import { z } from "zod";
import type { CampaignWithCount } from "./campaign-with-count";

export const campaignViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    linkCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Campaign" });

export function toCampaignView(campaign: CampaignWithCount): z.output<typeof campaignViewSchema> {
  return {
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    tags: campaign.tags,
    linkCount: campaign.linkCount,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}
