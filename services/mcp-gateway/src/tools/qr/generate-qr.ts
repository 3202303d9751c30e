import { z } from "zod";
import { defineTool } from "../tool-definition";
import { qrCodeSchema, toQrCodeOutput } from "./qr-code-output";
import { QR_TYPE_OF, QR_TYPES } from "./qr-enums";
import { qrImageOf, qrImageSchema } from "./qr-image";
import { logoBytes, logoParam, qrStyleOf, qrStyleParams } from "./qr-style-params";

export const generateQr = defineTool({
  name: "generateQr",
  title: "Generate a QR code",
  description:
    'Creates a QR code in the account and returns it with its image (a data: URL). `content` depends on `type`: url an http(s) URL; text any text; phone a number; email an address or {to, subject, body}; sms a number or {number, message}; location "lat,lng" or {latitude, longitude}; wifi {ssid, password, encryption: WPA|WEP|nopass, hidden}; vcard {firstName, lastName, organization, title, phone, email, url, address, note}. A static code encodes the content itself: it can never change and its scans are not counted. Set dynamic true (type url only) for a code that encodes a short link: its destination stays editable with updateQrCode and its scans are counted. Counts against the plan\'s QR code limit (a dynamic or password-protected code also against the link limit).',
  input: {
    type: z.enum(QR_TYPES).describe("What the code encodes"),
    content: z
      .union([z.string().min(1).max(4096), z.record(z.string(), z.unknown())])
      .describe(
        "The content for the type (see the description): text, or an object for the structured types",
      ),
    name: z.string().max(200).optional().describe("A friendly name shown in lists"),
    size: qrStyleParams.size.default(300),
    foregroundColor: qrStyleParams.foregroundColor.default("#000000"),
    backgroundColor: qrStyleParams.backgroundColor.default("#FFFFFF"),
    format: qrStyleParams.format.default("png"),
    errorCorrection: qrStyleParams.errorCorrection.optional(),
    margin: qrStyleParams.margin.optional(),
    moduleShape: qrStyleParams.moduleShape.optional(),
    finderShape: qrStyleParams.finderShape.optional(),
    dynamic: z
      .boolean()
      .default(false)
      .describe(
        "Encode a short link whose destination can change later and whose scans are counted (type url)",
      ),
    password: z
      .string()
      .min(4)
      .max(128)
      .optional()
      .describe("Visitors must enter this password before being sent on (type url; encodes a short link)"),
    logo: logoParam.optional(),
    includeImage: z
      .boolean()
      .default(true)
      .describe("Return the image (default true); false saves tokens, getQrCode can return it later"),
  },
  output: { qrCode: qrCodeSchema, image: qrImageSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "qrcode:create",
  async run(clients, args) {
    const { qrCode } = await clients.qr.createQrCode({
      type: QR_TYPE_OF[args.type],
      content: typeof args.content === "string" ? args.content : JSON.stringify(args.content),
      name: args.name ?? "",
      style: qrStyleOf(args),
      dynamic: args.dynamic,
      password: args.password ?? "",
      logo: args.logo === undefined ? new Uint8Array() : logoBytes(args.logo),
    });
    const code = toQrCodeOutput(qrCode);
    return { qrCode: code, image: args.includeImage ? await qrImageOf(clients, code) : null };
  },
});
