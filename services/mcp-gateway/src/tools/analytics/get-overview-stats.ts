import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  countsOf,
  countsSchema,
  linkStatsOut,
  linkStatsSchema,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getOverviewStats = defineTool({
  name: "getOverviewStats",
  title: "Account overview",
  description:
    "The whole account over a period against the period before it: clicks, unique visitors, links clicked, top links, top countries and referrers, conversions. It changes nothing.",
  input: { period: periodParam },
  output: {
    range: rangeSchema,
    counts: countsSchema,
    previous: countsSchema.describe("The same counts for the period just before"),
    links_clicked: z.number().int(),
    top_links: z.array(linkStatsSchema),
    top_countries: breakdownSchema,
    top_referrers: breakdownSchema,
    conversions: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getAccountOverview({ range: rangeOf(args) });
    return {
      range: rangeOut(a.range),
      counts: countsOf(a.counts),
      previous: countsOf(a.previous),
      links_clicked: Number(a.linksClicked),
      top_links: a.topLinks.map((l) => linkStatsOut(l)),
      top_countries: breakdownOut(a.topCountries),
      top_referrers: breakdownOut(a.topReferrers),
      conversions: Number(a.conversions),
    };
  },
});
