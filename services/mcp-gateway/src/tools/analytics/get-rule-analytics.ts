import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { linkParam, periodParam, rangeOf, rangeOut, rangeSchema } from "./analytics-output";

const ruleSchema = z.object({
  rule_id: z
    .string()
    .nullable()
    .describe(
      "The redirect rule's id (its name is on the link: getUrl); null: the link's default destination",
    ),
  clicks: z.number().int().describe("Human clicks: bots and HEAD requests are not counted"),
  unique_visitors: z.number().int(),
  bots: z.number().int(),
  share: z.number().describe("Share of the link's human clicks, 0 to 1"),
});

export const getRuleAnalytics = defineTool({
  name: "getRuleAnalytics",
  title: "Clicks per redirect rule",
  description:
    "Reports one link's human clicks and unique visitors per redirect rule over a period, the link's default destination (rule_id null) included, most clicks first. Use it to see which rules send traffic; it changes nothing.",
  input: { shortUrlId: linkParam, period: periodParam },
  output: {
    range: rangeSchema,
    rules: z.array(ruleSchema),
    total_clicks: z.number().int().describe("The link's human clicks in the period"),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getRuleAnalytics({ link: args.shortUrlId, range: rangeOf(args) });
    return {
      range: rangeOut(a.range),
      rules: a.rules.map((r) => ({
        rule_id: r.ruleId === "" ? null : r.ruleId,
        clicks: Number(r.clicks),
        unique_visitors: Number(r.uniqueVisitors),
        bots: Number(r.bots),
        share: Number.isFinite(r.share) ? r.share : 0,
      })),
      total_clicks: Number(a.totalClicks),
    };
  },
});
