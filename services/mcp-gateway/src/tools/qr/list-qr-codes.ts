import { qrV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrCodeSchema, toQrCodeOutput } from "./qr-code-output";
import { QR_TYPE_OF, QR_TYPES } from "./qr-enums";

export const listQrCodes = defineTool({
  name: "listQrCodes",
  title: "List QR codes",
  description:
    "Lists the account's QR codes a page at a time, newest first, optionally only one type or those whose name or content contains `search`. Use it to find a code's id for the other QR tools; it changes nothing and returns no images (getQrCode does).",
  input: {
    page: z.number().int().min(1).max(100_000).default(1).describe("Page number, from 1"),
    limit: z.number().int().min(1).max(100).default(10).describe("Codes per page, 1 to 100 (default 10)"),
    search: z.string().max(200).optional().describe("Only codes whose name or content contains this text"),
    type: z.enum(QR_TYPES).optional().describe("Only codes of this type"),
  },
  output: {
    qrCodes: z.array(qrCodeSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().describe("Codes matching the filters, over all pages"),
  },
  annotations: READ_ONLY,
  scope: "qrcode:read",
  async run(clients, args) {
    const answer = await clients.qr.listQrCodes({
      page: { page: args.page, limit: args.limit },
      search: args.search ?? "",
      type: args.type === undefined ? qrV1.QrContentType.UNSPECIFIED : QR_TYPE_OF[args.type],
    });
    return {
      qrCodes: answer.qrCodes.map(toQrCodeOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
