import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  limitParam,
  linkParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getUtmAnalytics = defineTool({
  name: "getUtmAnalytics",
  title: "Clicks by UTM parameter",
  description:
    "Reports human clicks by the UTM parameters they arrived with (source, medium, campaign, term, content) over a period, for one link or the whole account. It changes nothing.",
  input: { shortUrlId: linkParam.optional(), period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    tagged_clicks: z.number().int(),
    sources: breakdownSchema,
    mediums: breakdownSchema,
    campaigns: breakdownSchema,
    terms: breakdownSchema,
    contents: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getUtmBreakdown({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
      limit: args.limit,
    });
    return {
      range: rangeOut(a.range),
      tagged_clicks: Number(a.utm?.taggedClicks ?? 0n),
      sources: breakdownOut(a.utm?.sources),
      mediums: breakdownOut(a.utm?.mediums),
      campaigns: breakdownOut(a.utm?.campaigns),
      terms: breakdownOut(a.utm?.terms),
      contents: breakdownOut(a.utm?.contents),
    };
  },
});
