import { z } from "zod";
import { defineTool } from "../tool-definition";
import { campaignSchema, campaignTagsParam, toCampaignOutput } from "./campaign-output";

export const createCampaign = defineTool({
  name: "createCampaign",
  title: "Create a campaign",
  description:
    "Creates a campaign: a named group of links whose clicks are reported together (getCampaignAnalytics). File links under it with assignUrlToCampaign or shortenUrl's campaign_id. Creates one campaign; nothing else changes.",
  input: {
    name: z.string().min(1).max(200).describe('e.g. "Spring sale 2026"'),
    description: z.string().max(2000).optional(),
    tags: campaignTagsParam.optional(),
  },
  output: { campaign: campaignSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "campaign:write",
  async run(clients, args) {
    const { campaign } = await clients.campaigns.createCampaign({
      name: args.name,
      description: args.description ?? "",
      tags: args.tags ?? [],
    });
    return { campaign: toCampaignOutput(campaign) };
  },
});
