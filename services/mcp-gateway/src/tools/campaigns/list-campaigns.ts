import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { campaignSchema, toCampaignOutput } from "./campaign-output";

export const listCampaigns = defineTool({
  name: "listCampaigns",
  title: "List campaigns",
  description:
    "Lists the account's campaigns a page at a time, optionally those whose name contains `search`. It changes nothing.",
  input: {
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(10),
    search: z.string().max(200).optional().describe("Only campaigns whose name contains this text"),
  },
  output: {
    campaigns: z.array(campaignSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "campaign:read",
  async run(clients, args) {
    const answer = await clients.campaigns.listCampaigns({
      page: { page: args.page, limit: args.limit },
      search: args.search ?? "",
    });
    return {
      campaigns: answer.campaigns.map(toCampaignOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
