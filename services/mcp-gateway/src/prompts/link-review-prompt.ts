import { completeShortCodes } from "../completions/complete-short-codes";
import { getCompleteAnalytics } from "../tools/analytics/get-complete-analytics";
import type { PromptDefinition } from "./prompt-definition";

export const linkReviewPrompt: PromptDefinition = {
  name: "link-performance-review",
  title: "Link performance review",
  description:
    "A review of one short link's last 7 days: traffic and its trend, who clicks (places, devices, sources, UTM), bots, conversions, and suggestions.",
  arguments: [
    {
      name: "shortCode",
      description: "The link's short code or alias",
      required: true,
      complete: completeShortCodes,
    },
  ],
  tool: getCompleteAnalytics as unknown as PromptDefinition["tool"],
  toolArguments: (args) => ({ shortUrlId: args.shortCode }),
  dataUri: (args) => `kurz://links/${encodeURIComponent(args.shortCode ?? "")}/analytics`,
  instructions: (args) =>
    [
      `Review how the short link "${args.shortCode}" performed, from the attached Kurz analytics only (do not invent numbers).`,
      "Cover: human clicks and unique visitors with the daily trend (peaks and their likely cause), the leading countries, devices and browsers, the sources and UTM campaigns that bring visitors, the bot share, and conversions.",
      "End with two or three suggestions (e.g. a channel to invest in, a UTM tag to add, a QR code for offline traffic).",
      "Keep it under 250 words.",
    ].join("\n"),
};
