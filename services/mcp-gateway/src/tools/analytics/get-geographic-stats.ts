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

export const getGeographicStats = defineTool({
  name: "getGeographicStats",
  title: "Where a link's visitors are",
  description:
    "Reports one link's human clicks by country, region and city over a period. It changes nothing.",
  input: { shortUrlId: linkParam, period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    countries: breakdownSchema,
    regions: breakdownSchema,
    cities: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getGeography({
      link: args.shortUrlId,
      range: rangeOf(args),
      limit: args.limit,
    });
    return {
      range: rangeOut(a.range),
      countries: breakdownOut(a.geography?.countries),
      regions: breakdownOut(a.geography?.regions),
      cities: breakdownOut(a.geography?.cities),
    };
  },
});
