import { timestampDate } from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import {
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

export const getQrCodeStats = defineTool({
  name: "getQrCodeStats",
  title: "A QR code's scans",
  description:
    'Reports how often one dynamic or password-protected QR code was scanned over a period: human scans, unique scanners, bots, a timeline and when it was last used. Use it for "how is my QR code doing"; getQrCodeAnalytics adds countries and devices. A static code\'s scans cannot be counted (INVALID_STATE). It changes nothing.',
  input: { id: qrIdParam, ...rangeParams },
  output: {
    qr_code: qrCodeRefSchema,
    range: rangeSchema,
    counts: countsSchema.describe("counts.clicks are the human scans"),
    timeline: timelineSchema,
    last_activity_at: z
      .string()
      .nullable()
      .describe("The latest request through the code in the window, bots included (null: none)"),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    const code = await trackedQrCode(clients, args.id);
    const a = await clients.analytics.getQrAnalytics({ link: code.linkCode, range: rangeOf(args) });
    const last = a.links
      .map((l) => (l.lastClickAt ? timestampDate(l.lastClickAt).getTime() : 0))
      .reduce((latest, t) => Math.max(latest, t), 0);
    return {
      qr_code: qrCodeRefOf(code),
      range: rangeOut(a.range),
      counts: countsOf(a.counts),
      timeline: timelineOut(a.timeline),
      last_activity_at: last === 0 ? null : new Date(last).toISOString(),
    };
  },
});
