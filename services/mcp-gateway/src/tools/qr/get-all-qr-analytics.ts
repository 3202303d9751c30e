import { z } from "zod";
import {
  breakdownOut,
  breakdownSchema,
  countsOf,
  countsSchema,
  linkStatsOut,
  linkStatsSchema,
  rangeOf,
  rangeOut,
  rangeParams,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";

export const getAllQrAnalytics = defineTool({
  name: "getAllQrAnalytics",
  title: "Scans of all QR codes",
  description:
    "The scans of all the account's QR codes together over a period or a date range: totals, timeline, countries, device types, and the most scanned codes. Use it to compare codes or for the QR side of a report; for one code use getQrCodeAnalytics. Only dynamic and password-protected codes count scans. It changes nothing.",
  input: {
    ...rangeParams,
    limit: z.number().int().min(1).max(100).default(20).describe("Most scanned codes to list (default 20)"),
  },
  output: {
    range: rangeSchema,
    counts: countsSchema.describe("counts.clicks are the human scans"),
    timeline: timelineSchema,
    countries: breakdownSchema,
    device_types: breakdownSchema,
    codes: z
      .array(linkStatsSchema)
      .describe("Most scanned first; code is the QR code's linkCode (see listQrCodes)"),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getQrAnalytics({ link: "", range: rangeOf(args) });
    return {
      range: rangeOut(a.range),
      counts: countsOf(a.counts),
      timeline: timelineOut(a.timeline),
      countries: breakdownOut(a.countries),
      device_types: breakdownOut(a.deviceTypes),
      codes: a.links.slice(0, args.limit).map((l) => linkStatsOut(l)),
    };
  },
});
