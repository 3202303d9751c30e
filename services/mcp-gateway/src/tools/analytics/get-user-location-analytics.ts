import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  limitParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getUserLocationAnalytics = defineTool({
  name: "getUserLocationAnalytics",
  title: "Where the account's visitors are",
  description:
    "The whole account's human clicks by country, region and city over a period (getGeographicStats is one link's). It changes nothing.",
  input: { period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    countries: breakdownSchema,
    regions: breakdownSchema,
    cities: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getGeography({ link: "", range: rangeOf(args), limit: args.limit });
    return {
      range: rangeOut(a.range),
      countries: breakdownOut(a.geography?.countries),
      regions: breakdownOut(a.geography?.regions),
      cities: breakdownOut(a.geography?.cities),
    };
  },
});
