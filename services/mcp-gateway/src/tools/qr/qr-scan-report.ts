import type { analyticsV1 } from "@kurz/proto";
import {
  countsOf,
  countsSchema,
  rangeOf,
  rangeOut,
  rangeSchema,
  timelineOut,
  timelineSchema,
} from "../analytics/analytics-output";
import type { ToolClients } from "../tool-clients";
import { qrCodeRefOf, qrCodeRefSchema } from "./qr-code-output";
import { trackedQrCode } from "./tracked-qr-code";

/** What every one-code scan report starts with. */
export const qrScanReportOutput = {
  qr_code: qrCodeRefSchema,
  range: rangeSchema,
  counts: countsSchema.describe("counts.clicks are the human scans"),
  timeline: timelineSchema,
};

/**
 * One tracked QR code's scans over the requested window: the code (INVALID_STATE for a static
 * one), the analytics answer, and the report's common fields from them.
 */
export async function readQrScanReport(
  clients: ToolClients,
  args: { id: string; period: Parameters<typeof rangeOf>[0]["period"]; startDate?: string; endDate?: string },
) {
  const code = await trackedQrCode(clients, args.id);
  const report: analyticsV1.GetQrAnalyticsResponse = await clients.analytics.getQrAnalytics({
    link: code.linkCode,
    range: rangeOf(args),
  });
  return {
    report,
    common: {
      qr_code: qrCodeRefOf(code),
      range: rangeOut(report.range),
      counts: countsOf(report.counts),
      timeline: timelineOut(report.timeline),
    },
  };
}
