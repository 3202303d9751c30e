import { AppError } from "@kurz/errors";
import { z } from "zod";
import { defineTool } from "../tool-definition";
import { qrCodeSchema, qrIdParam, toQrCodeOutput } from "./qr-code-output";
import { hasStyle, logoBytes, logoParam, qrStyleOf, qrStyleParams } from "./qr-style-params";

export const updateQrCode = defineTool({
  name: "updateQrCode",
  title: "Change a dynamic QR code",
  description:
    "Changes a dynamic QR code: its destination (`content`, a new URL, served within seconds while the printed symbol stays the same), name, password, style or logo; only the parameters given change. A static code cannot be changed (INVALID_STATE): its symbol is its content, so generate a new code instead. Use getQrCode first to see the current settings.",
  input: {
    id: qrIdParam,
    content: z.url().max(2048).optional().describe("New destination URL, with http:// or https://"),
    name: z.string().max(200).optional().describe("New friendly name"),
    password: z
      .union([z.string().min(4).max(128), z.literal("")])
      .optional()
      .describe('Password visitors must enter; "" removes it'),
    size: qrStyleParams.size.optional(),
    foregroundColor: qrStyleParams.foregroundColor.optional(),
    backgroundColor: qrStyleParams.backgroundColor.optional(),
    format: qrStyleParams.format.optional(),
    errorCorrection: qrStyleParams.errorCorrection.optional(),
    margin: qrStyleParams.margin.optional(),
    moduleShape: qrStyleParams.moduleShape.optional(),
    finderShape: qrStyleParams.finderShape.optional(),
    logo: logoParam.optional().describe("Replaces the logo: a PNG or JPEG, base64 or data: URI, ≤ 256 KiB"),
    removeLogo: z.boolean().default(false).describe("Remove the logo (ignored when logo is given)"),
  },
  output: { qrCode: qrCodeSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "qrcode:update",
  alsoNeeds: ["qrcode:read"],
  async run(clients, args) {
    // Whether a code is dynamic is fixed when it is made, so this check cannot go stale.
    const { qrCode: current } = await clients.qr.getQrCode({ id: args.id });
    if (!current?.dynamic) {
      throw new AppError("INVALID_STATE", {
        message: "Only dynamic QR codes can be changed: this one is static",
        details: { id: args.id, field: "id" },
        hint: "A static code's symbol is its content. Create a new code with generateQr (dynamic true keeps it editable), then delete this one with deleteQrCode",
      });
    }
    const { qrCode } = await clients.qr.updateQrCode({
      id: args.id,
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.content === undefined ? {} : { content: args.content }),
      ...(args.password === undefined ? {} : { password: args.password }),
      ...(hasStyle(args) ? { style: qrStyleOf(args) } : {}),
      ...(args.logo === undefined ? { removeLogo: args.removeLogo } : { logo: logoBytes(args.logo) }),
    });
    return { qrCode: toQrCodeOutput(qrCode) };
  },
});
