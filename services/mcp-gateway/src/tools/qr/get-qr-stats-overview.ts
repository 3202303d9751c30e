import { z } from "zod";
import {
  countsOf,
  countsSchema,
  linkStatsOut,
  linkStatsSchema,
  rangeOf,
  rangeOut,
  rangeParams,
  rangeSchema,
} from "../analytics/analytics-output";
import { planLimitOut } from "../plan-limit-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrLimitSchema } from "./qr-code-output";

export const getQrStatsOverview = defineTool({
  name: "getQrStatsOverview",
  title: "QR code overview",
  description:
    "A dashboard of the account's QR codes: how many there are (dynamic, static, the plan's limit), their scans over a period against the period just before, how many codes were scanned and the top 5. Use it for a quick summary; getAllQrAnalytics has the breakdowns. It changes nothing.",
  input: rangeParams,
  output: {
    qr_codes: z.object({
      total: z.number().int(),
      dynamic: z.number().int(),
      static: z.number().int(),
      limit: qrLimitSchema,
    }),
    range: rangeSchema,
    counts: countsSchema.describe("counts.clicks are the human scans"),
    previous: countsSchema.describe("The same counts for the window of the same length just before"),
    codes_scanned: z.number().int().describe("QR codes scanned at least once in the window (at most 100)"),
    top_codes: z.array(linkStatsSchema).describe("The 5 most scanned; code is the QR code's linkCode"),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    const [counts, current] = await Promise.all([
      clients.qr.countQrCodes({}),
      clients.analytics.getQrAnalytics({ link: "", range: rangeOf(args) }),
    ]);
    const start = current.range?.start;
    const end = current.range?.end;
    const previous =
      start && end
        ? await clients.analytics.getQrAnalytics({
            link: "",
            range: {
              start: {
                seconds: start.seconds - (end.seconds - start.seconds),
                nanos: start.nanos,
              },
              end: start,
            },
          })
        : undefined;
    const total = Number(counts.total);
    const dynamic = Number(counts.dynamic);
    return {
      qr_codes: {
        total,
        dynamic,
        static: total - dynamic,
        limit: planLimitOut(counts.qrCodeLimit, counts.maxQrCodes),
      },
      range: rangeOut(current.range),
      counts: countsOf(current.counts),
      previous: countsOf(previous?.counts),
      codes_scanned: current.links.filter((l) => l.counts !== undefined && l.counts.clicks > 0n).length,
      top_codes: current.links.slice(0, 5).map((l) => linkStatsOut(l)),
    };
  },
});
