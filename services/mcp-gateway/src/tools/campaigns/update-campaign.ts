import { z } from "zod";
import { defineTool } from "../tool-definition";
import { campaignIdParam, campaignSchema, campaignTagsParam, toCampaignOutput } from "./campaign-output";

export const updateCampaign = defineTool({
  name: "updateCampaign",
  title: "Change a campaign",
  description:
    "Changes a campaign's name, description or tags; only the parameters given change (tags replaces the list). Its links stay.",
  input: {
    id: campaignIdParam,
    name: z.string().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    tags: campaignTagsParam.optional(),
  },
  output: { campaign: campaignSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "campaign:write",
  async run(clients, args) {
    const { campaign } = await clients.campaigns.updateCampaign({
      id: args.id,
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.description === undefined ? {} : { description: args.description }),
      ...(args.tags === undefined ? {} : { tags: { tags: args.tags } }),
    });
    return { campaign: toCampaignOutput(campaign) };
  },
});
