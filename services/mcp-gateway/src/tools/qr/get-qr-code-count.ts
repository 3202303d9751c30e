import { z } from "zod";
import { planLimitOut } from "../plan-limit-output";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrLimitSchema } from "./qr-code-output";

export const getQrCodeCount = defineTool({
  name: "getQrCodeCount",
  title: "Count the account's QR codes",
  description:
    "Counts the account's QR codes (all, dynamic, static) against the plan's QR code limit, with how many can still be created. Use it to answer \"how many QR codes do I have\" or before generating many; it changes nothing.",
  input: {},
  output: {
    total: z.number().int(),
    dynamic: z.number().int().describe("Codes whose destination can change"),
    static: z.number().int().describe("The others: total − dynamic"),
    limit: qrLimitSchema,
    remaining: z.number().int().nullable().describe("Codes that can still be created (null: unlimited)"),
  },
  annotations: READ_ONLY,
  scope: "qrcode:read",
  async run(clients) {
    const counts = await clients.qr.countQrCodes({});
    const total = Number(counts.total);
    const dynamic = Number(counts.dynamic);
    const limit = planLimitOut(counts.qrCodeLimit, counts.maxQrCodes);
    return {
      total,
      dynamic,
      static: total - dynamic,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - total),
    };
  },
});
