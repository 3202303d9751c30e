import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  linkStatsOut,
  linkStatsSchema,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getUrlsWithUtm = defineTool({
  name: "getUrlsWithUtm",
  title: "Links clicked with UTM tags",
  description:
    "The account's links that were clicked with UTM parameters over a period, each with its tagged clicks and top source, medium and campaign. It changes nothing.",
  input: {
    period: periodParam,
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(100).default(10),
  },
  output: {
    range: rangeSchema,
    urls: z.array(
      linkStatsSchema.extend({
        tagged_clicks: z.number().int(),
        top_source: z.string(),
        top_medium: z.string(),
        top_campaign: z.string(),
      }),
    ),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.listLinksWithUtm({
      range: rangeOf(args),
      page: { page: args.page, limit: args.limit },
    });
    return {
      range: rangeOut(a.range),
      urls: a.links.map((l) => ({
        ...linkStatsOut(l.stats),
        tagged_clicks: Number(l.taggedClicks),
        top_source: l.topSource,
        top_medium: l.topMedium,
        top_campaign: l.topCampaign,
      })),
      total: Number(a.page?.total ?? 0),
    };
  },
});
