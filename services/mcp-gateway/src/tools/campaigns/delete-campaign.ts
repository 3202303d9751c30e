import { defineTool } from "../tool-definition";
import { campaignIdParam, campaignSchema, toCampaignOutput } from "./campaign-output";

export const deleteCampaign = defineTool({
  name: "deleteCampaign",
  title: "Delete a campaign",
  description:
    "Deletes a campaign for good. Its links are not deleted: they stay and keep redirecting, no longer filed under it. Confirm with the user first.",
  input: { id: campaignIdParam },
  output: { deleted: campaignSchema },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "campaign:write",
  async run(clients, args) {
    const { campaign } = await clients.campaigns.deleteCampaign({ id: args.id });
    return { deleted: toCampaignOutput(campaign) };
  },
});
