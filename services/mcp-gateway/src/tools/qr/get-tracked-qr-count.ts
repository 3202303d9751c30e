import { z } from "zod";
import { planLimitOut } from "../plan-limit-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrLimitSchema } from "./qr-code-output";

export const getTrackedQrCount = defineTool({
  name: "getTrackedQrCount",
  title: "Count the QR codes that count scans",
  description:
    "Counts the account's QR codes whose scans are tracked — dynamic and password-protected codes, which encode a short link — against those that are not (static codes encode their content directly), with the plan's QR code limit. Use it for \"how many of my codes are tracking scans\"; it changes nothing.",
  input: {},
  output: {
    tracked: z.number().int().describe("Codes whose scans are counted (they encode a short link)"),
    untracked: z.number().int().describe("Static codes: their scans cannot be counted"),
    dynamic: z.number().int().describe("Tracked codes whose destination can change"),
    total: z.number().int(),
    limit: qrLimitSchema,
  },
  annotations: READ_ONLY,
  scope: "qrcode:read",
  alsoNeeds: ["shorturl:read"],
  async run(clients) {
    const counts = await clients.qr.countQrCodes({});
    const total = Number(counts.total);
    // Every tracked code has exactly one short link, flagged as a QR code's, and no other link is.
    const tracked = Math.min(total, Number((await clients.links.getLinkStats({})).qrLinks));
    return {
      tracked,
      untracked: total - tracked,
      dynamic: Number(counts.dynamic),
      total,
      limit: planLimitOut(counts.qrCodeLimit, counts.maxQrCodes),
    };
  },
});
