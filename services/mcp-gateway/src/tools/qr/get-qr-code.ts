import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { qrCodeSchema, qrIdParam, toQrCodeOutput } from "./qr-code-output";
import { qrImageOf, qrImageSchema } from "./qr-image";

export const getQrCode = defineTool({
  name: "getQrCode",
  title: "Get a QR code",
  description:
    "Returns one QR code of the account by its id: type, content, what the symbol encodes, style, whether it is dynamic and its short link, and on request its image as a data: URL. Use it to look a code up before changing it or to show it again; it changes nothing.",
  input: {
    id: qrIdParam,
    includeImage: z.boolean().default(false).describe("Also return the image (default false)"),
  },
  output: { qrCode: qrCodeSchema, image: qrImageSchema },
  annotations: READ_ONLY,
  scope: "qrcode:read",
  async run(clients, args) {
    const { qrCode } = await clients.qr.getQrCode({ id: args.id });
    const code = toQrCodeOutput(qrCode);
    return { qrCode: code, image: args.includeImage ? await qrImageOf(clients, code) : null };
  },
});
