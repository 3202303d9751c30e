import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  countsOf,
  countsSchema,
  linkParam,
  rangeOf,
  rangeOut,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "./analytics-output";

export const getCompleteAnalytics = defineTool({
  name: "getCompleteAnalytics",
  title: "Everything about a link's clicks",
  description:
    "One link's whole report for a date range (default the last 7 days): totals, timeline, countries, devices, browsers, referrers, UTM sources, bots and conversions. Use it when the user wants the full picture; it changes nothing.",
  input: {
    shortUrlId: linkParam,
    startDate: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("ISO 8601, e.g. 2026-11-01T00:00:00Z (with endDate)"),
    endDate: z.iso.datetime({ offset: true }).optional().describe("ISO 8601 (with startDate)"),
  },
  output: {
    range: rangeSchema,
    counts: countsSchema,
    timeline: timelineSchema,
    countries: breakdownSchema,
    device_types: breakdownSchema,
    browsers: breakdownSchema,
    referrers: breakdownSchema,
    utm_sources: breakdownSchema,
    bot_share: z.number(),
    conversions: z.number().int(),
    conversion_rate: z.number(),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getCompleteAnalytics({
      link: args.shortUrlId,
      range: rangeOf(args),
      limit: 10,
    });
    return {
      range: rangeOut(a.range),
      counts: countsOf(a.counts),
      timeline: timelineOut(a.timeline),
      countries: breakdownOut(a.geography?.countries),
      device_types: breakdownOut(a.devices?.deviceTypes),
      browsers: breakdownOut(a.devices?.browsers),
      referrers: breakdownOut(a.referrers?.hosts),
      utm_sources: breakdownOut(a.utm?.sources),
      bot_share: Number.isFinite(a.trafficQuality?.botShare) ? (a.trafficQuality?.botShare ?? 0) : 0,
      conversions: Number(a.conversions?.conversions ?? 0n),
      conversion_rate: Number.isFinite(a.conversions?.conversionRate)
        ? (a.conversions?.conversionRate ?? 0)
        : 0,
    };
  },
});
