import { completeCampaignIds } from "../completions/complete-campaign-ids";
import { completeOneOf } from "../completions/complete-one-of";
import { PERIODS } from "../tools/analytics/analytics-output";
import { getCampaignAnalytics } from "../tools/campaigns/get-campaign-analytics";
import type { PromptDefinition } from "./prompt-definition";

export const campaignReportPrompt: PromptDefinition = {
  name: "campaign-performance-report",
  title: "Campaign performance report",
  description:
    "A written performance report of one campaign over a period: totals against the previous trend, best and weakest links, audiences, sources, conversions, and what to do next.",
  arguments: [
    {
      name: "campaignId",
      description: "The campaign's id (UUID, from listCampaigns)",
      required: true,
      complete: completeCampaignIds,
    },
    {
      name: "period",
      description: "7d, 30d (default), 90d or 1y",
      required: false,
      complete: completeOneOf(Object.keys(PERIODS)),
    },
  ],
  tool: getCampaignAnalytics as unknown as PromptDefinition["tool"],
  toolArguments: (args) => ({ id: args.campaignId, period: args.period ?? "30d" }),
  dataUri: (args) => `kurz://campaigns/${encodeURIComponent(args.campaignId ?? "")}/analytics`,
  instructions: (args) =>
    [
      `Write a performance report for the campaign below over the last ${args.period ?? "30d"}, from the attached Kurz analytics only (do not invent numbers).`,
      "1. Headline: human clicks, unique visitors and conversions (with revenue if any); say what share of traffic was bots.",
      "2. The links: rank them by clicks, name the best and the weakest, and point out any with clicks but no conversions.",
      "3. Audience and sources: the leading countries and referrers, and what they suggest about where the campaign works.",
      "4. Three concrete next steps (e.g. move budget to a channel, fix or retire a link, start an A/B test on the top link).",
      "Keep it under 300 words; use a short table for the per-link numbers.",
    ].join("\n"),
};
