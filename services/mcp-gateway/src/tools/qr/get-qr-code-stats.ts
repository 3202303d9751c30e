import { timestampDate } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import { rangeParams } from "../analytics/analytics-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrIdParam } from "./qr-code-output";
import { qrScanReportOutput, readQrScanReport } from "./qr-scan-report";

export const getQrCodeStats = defineTool({
  name: "getQrCodeStats",
  title: "A QR code's scans",
  description:
    'Reports how often one dynamic or password-protected QR code was scanned over a period: human scans, unique scanners, bots, a timeline and when it was last used. Use it for "how is my QR code doing"; getQrCodeAnalytics adds countries and devices. A static code\'s scans cannot be counted (INVALID_STATE). It changes nothing.',
  input: { id: qrIdParam, ...rangeParams },
  output: {
    ...qrScanReportOutput,
    last_activity_at: z
      .string()
      .nullable()
      .describe("The latest request through the code in the window, bots included (null: none)"),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    const { report: a, common } = await readQrScanReport(clients, args);
    const last = a.links
      .map((l) => (l.lastClickAt ? timestampDate(l.lastClickAt).getTime() : 0))
      .reduce((latest, t) => Math.max(latest, t), 0);
    return {
      ...common,
      last_activity_at: last === 0 ? null : new Date(last).toISOString(),
    };
  },
});
