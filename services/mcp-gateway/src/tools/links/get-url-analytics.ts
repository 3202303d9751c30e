import {
  breakdownOut,
  breakdownSchema,
  limitParam,
  linkParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";

export const getUrlAnalytics = defineTool({
  name: "getUrlAnalytics",
  title: "A link's clicks by source",
  description:
    "One link's human clicks over a period grouped by source: kind of source (direct, search, social, email, internal, referral), referring sites, and the UTM source, medium and campaign the visits carried. Use it to learn which channels bring a link its visitors. It changes nothing.",
  input: { shortUrlId: linkParam, period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    source_categories: breakdownSchema,
    referrer_hosts: breakdownSchema.describe('Referring hosts ("" is direct traffic)'),
    utm_sources: breakdownSchema,
    utm_mediums: breakdownSchema,
    utm_campaigns: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const request = { link: args.shortUrlId, range: rangeOf(args), limit: args.limit };
    const [referrers, utm] = await Promise.all([
      clients.analytics.getReferrers(request),
      clients.analytics.getUtmBreakdown(request),
    ]);
    return {
      range: rangeOut(referrers.range),
      source_categories: breakdownOut(referrers.referrers?.categories),
      referrer_hosts: breakdownOut(referrers.referrers?.hosts),
      utm_sources: breakdownOut(utm.utm?.sources),
      utm_mediums: breakdownOut(utm.utm?.mediums),
      utm_campaigns: breakdownOut(utm.utm?.campaigns),
    };
  },
});
