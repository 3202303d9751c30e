import { defineTool, READ_ONLY } from "../tool-definition";
import { campaignIdParam, campaignSchema, toCampaignOutput } from "./campaign-output";

export const getCampaign = defineTool({
  name: "getCampaign",
  title: "Get a campaign",
  description: "Returns one campaign with its number of links. It changes nothing.",
  input: { id: campaignIdParam },
  output: { campaign: campaignSchema },
  annotations: READ_ONLY,
  scope: "campaign:read",
  async run(clients, args) {
    const { campaign } = await clients.campaigns.getCampaign({ id: args.id });
    return { campaign: toCampaignOutput(campaign) };
  },
});
