import { defineTool, READ_ONLY } from "../tool-definition";
import {
  countsOf,
  countsSchema,
  linkParam,
  PERIODS,
  periodParam,
  rangeOut,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "./analytics-output";

export const getStats = defineTool({
  name: "getStats",
  title: "A link's clicks",
  description:
    'Reports one link\'s clicks over a period: human clicks, unique visitors, bots, QR scans and a daily timeline. Use it for "how is my link doing"; it changes nothing.',
  input: { shortUrlId: linkParam, period: periodParam },
  output: { range: rangeSchema, counts: countsSchema, timeline: timelineSchema },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getLinkStats({ link: args.shortUrlId, period: PERIODS[args.period] });
    return { range: rangeOut(a.range), counts: countsOf(a.counts), timeline: timelineOut(a.timeline) };
  },
});
