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

export const getReferrersData = defineTool({
  name: "getReferrersData",
  title: "Where clicks come from",
  description:
    "Reports human clicks by referring site and by kind of source (search, social, email, direct...) over a period, for one link or the whole account. It changes nothing.",
  input: { shortUrlId: linkParam.optional(), period: periodParam, limit: limitParam },
  output: { range: rangeSchema, hosts: breakdownSchema, categories: breakdownSchema },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getReferrers({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
      limit: args.limit,
    });
    return {
      range: rangeOut(a.range),
      hosts: breakdownOut(a.referrers?.hosts),
      categories: breakdownOut(a.referrers?.categories),
    };
  },
});
