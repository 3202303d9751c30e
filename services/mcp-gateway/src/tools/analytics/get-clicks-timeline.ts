import { analyticsV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  linkParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "./analytics-output";

const GRANULARITIES = {
  hour: analyticsV1.Granularity.HOUR,
  day: analyticsV1.Granularity.DAY,
  week: analyticsV1.Granularity.WEEK,
  month: analyticsV1.Granularity.MONTH,
} as const;

export const getClicksTimeline = defineTool({
  name: "getClicksTimeline",
  title: "Clicks over time",
  description:
    "Human clicks and unique visitors per hour, day, week or month over a period, for one link or the whole account. It changes nothing.",
  input: {
    shortUrlId: linkParam.optional(),
    period: periodParam,
    granularity: z.enum(["hour", "day", "week", "month"]).default("day"),
  },
  output: { range: rangeSchema, timeline: timelineSchema },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getClicksTimeline({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
      granularity: GRANULARITIES[args.granularity],
    });
    return { range: rangeOut(a.range), timeline: timelineOut(a.timeline) };
  },
});
