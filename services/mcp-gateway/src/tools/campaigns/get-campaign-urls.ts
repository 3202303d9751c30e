import { z } from "zod";
import { shortUrlSchema, toShortUrlOutput } from "../links/short-url-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { campaignIdParam } from "./campaign-output";

export const getCampaignUrls = defineTool({
  name: "getCampaignUrls",
  title: "Links of a campaign",
  description: "Lists the links filed under a campaign, a page at a time. It changes nothing.",
  input: {
    id: campaignIdParam,
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(10),
  },
  output: {
    urls: z.array(shortUrlSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "campaign:read",
  async run(clients, args) {
    const answer = await clients.campaigns.listCampaignLinks({
      id: args.id,
      page: { page: args.page, limit: args.limit },
    });
    return {
      urls: answer.links.map(toShortUrlOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
