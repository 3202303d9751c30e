import { z } from "zod";
import { shortCodeParam, shortUrlSchema, toShortUrlOutput } from "../links/short-url-output";
import { defineTool } from "../tool-definition";
import { campaignIdParam, campaignSchema, toCampaignOutput } from "./campaign-output";

export const assignUrlToCampaign = defineTool({
  name: "assignUrlToCampaign",
  title: "File a link under a campaign",
  description:
    "Files one link under the campaign (a link belongs to at most one: it leaves its previous campaign). Its clicks count in the campaign's analytics from then on.",
  input: {
    id: campaignIdParam,
    shortCode: shortCodeParam,
    domain: z
      .string()
      .max(253)
      .optional()
      .describe("The link's host when it is on a branded domain or subdomain")
      .meta({ examples: ["links.acme.com"] }),
  },
  output: { campaign: campaignSchema, url: shortUrlSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "campaign:write",
  async run(clients, args) {
    const answer = await clients.campaigns.assignLink({
      id: args.id,
      shortCode: args.shortCode,
      domain: args.domain ?? "",
    });
    return { campaign: toCampaignOutput(answer.campaign), url: toShortUrlOutput(answer.link) };
  },
});
