import { breakdownOut, breakdownSchema, rangeParams } from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrIdParam } from "./qr-code-output";
import { qrScanReportOutput, readQrScanReport } from "./qr-scan-report";

export const getQrCodeAnalytics = defineTool({
  name: "getQrCodeAnalytics",
  title: "Everything about a QR code's scans",
  description:
    "One dynamic or password-protected QR code's scan report for a period or a date range: totals, timeline, and the countries and device types the scans came from. Use it when the user wants to know where and on what their code is scanned. A static code's scans cannot be counted (INVALID_STATE). It changes nothing.",
  input: { id: qrIdParam, ...rangeParams },
  output: {
    ...qrScanReportOutput,
    countries: breakdownSchema.describe('ISO 3166-1 alpha-2 codes ("" unknown)'),
    device_types: breakdownSchema.describe('desktop, mobile, tablet... ("" unknown)'),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    const { report: a, common } = await readQrScanReport(clients, args);
    return {
      ...common,
      countries: breakdownOut(a.countries),
      device_types: breakdownOut(a.deviceTypes),
    };
  },
});
