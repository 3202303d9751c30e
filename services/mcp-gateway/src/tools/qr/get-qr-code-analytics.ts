import {
  breakdownOut,
  breakdownSchema,
  countsOf,
  countsSchema,
  rangeOf,
  rangeOut,
  rangeParams,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrCodeRefOf, qrCodeRefSchema, qrIdParam } from "./qr-code-output";
import { trackedQrCode } from "./tracked-qr-code";

export const getQrCodeAnalytics = defineTool({
  name: "getQrCodeAnalytics",
  title: "Everything about a QR code's scans",
  description:
    "One dynamic or password-protected QR code's scan report for a period or a date range: totals, timeline, and the countries and device types the scans came from. Use it when the user wants to know where and on what their code is scanned. A static code's scans cannot be counted (INVALID_STATE). It changes nothing.",
  input: { id: qrIdParam, ...rangeParams },
  output: {
    qr_code: qrCodeRefSchema,
    range: rangeSchema,
    counts: countsSchema.describe("counts.clicks are the human scans"),
    timeline: timelineSchema,
    countries: breakdownSchema.describe('ISO 3166-1 alpha-2 codes ("" unknown)'),
    device_types: breakdownSchema.describe('desktop, mobile, tablet... ("" unknown)'),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    const code = await trackedQrCode(clients, args.id);
    const a = await clients.analytics.getQrAnalytics({ link: code.linkCode, range: rangeOf(args) });
    return {
      qr_code: qrCodeRefOf(code),
      range: rangeOut(a.range),
      counts: countsOf(a.counts),
      timeline: timelineOut(a.timeline),
      countries: breakdownOut(a.countries),
      device_types: breakdownOut(a.deviceTypes),
    };
  },
});
