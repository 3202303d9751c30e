import { z } from "zod";
import { defineTool } from "../tool-definition";
import { qrCodeRefOf, qrCodeRefSchema, qrIdParam } from "./qr-code-output";
import { trackedQrCode } from "./tracked-qr-code";

export const trackQrScan = defineTool({
  name: "trackQrScan",
  title: "Record a QR code scan",
  description:
    "Records one scan of a dynamic or password-protected QR code that did not go through its short link (e.g. scanned by your own app or counted at an event), as a human scan in its analytics within seconds. Each call adds a scan: do not retry a call that succeeded. A static code's scans cannot be counted (INVALID_STATE).",
  input: {
    id: qrIdParam,
    userAgent: z.string().max(1024).optional().describe("The scanning device's user agent, for device stats"),
    referrer: z.string().max(1024).optional().describe("Where the scan came from, if known"),
    ip: z
      .union([z.ipv4(), z.ipv6()])
      .optional()
      .describe("The scanner's IP address: gives the scan a country (never stored)"),
  },
  output: {
    click_id: z.string().describe("The id of the recorded scan"),
    qr_code: qrCodeRefSchema,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "qrcode:update",
  alsoNeeds: ["qrcode:read", "shorturl:read"],
  async run(clients, args) {
    const code = await trackedQrCode(clients, args.id);
    // A QR code's link is always on the standard host, which GetLink prefers for a code.
    const { link } = await clients.links.getLink({ shortCode: code.linkCode });
    if (!link) throw new Error("link-api answered without a link");
    const { clickId } = await clients.analytics.trackQrScan({
      linkId: link.id,
      userAgent: args.userAgent ?? "",
      referrer: args.referrer ?? "",
      ip: args.ip ?? "",
    });
    return { click_id: clickId, qr_code: qrCodeRefOf(code) };
  },
});
