import { z } from "zod";
import { countsOf, countsSchema, linkParam, PERIODS } from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";

const WINDOWS = ["7d", "30d", "1y"] as const;

export const getUrlStats = defineTool({
  name: "getUrlStats",
  title: "A link's clicks at a glance",
  description:
    "One link's clicks, unique visitors, bots and QR scans over the last 7 days, 30 days and year side by side, to see at once whether it is rising or fading. For one period's daily timeline use getStats; for where clicks come from, getUrlAnalytics. It changes nothing.",
  input: { shortUrlId: linkParam },
  output: {
    shortUrlId: z.string(),
    last_7_days: countsSchema,
    last_30_days: countsSchema,
    last_year: countsSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const [week, month, year] = await Promise.all(
      WINDOWS.map((w) => clients.analytics.getLinkStats({ link: args.shortUrlId, period: PERIODS[w] })),
    );
    return {
      shortUrlId: args.shortUrlId,
      last_7_days: countsOf(week?.counts),
      last_30_days: countsOf(month?.counts),
      last_year: countsOf(year?.counts),
    };
  },
});
