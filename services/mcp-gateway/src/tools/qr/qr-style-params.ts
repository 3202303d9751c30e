import type { MessageInitShape } from "@bufbuild/protobuf";
import { qrV1 } from "@kurz/proto";
import { z } from "zod";
import { FINDER_SHAPE_OF, FORMAT_OF, LEVEL_OF, MODULE_SHAPE_OF } from "./qr-enums";

/** The style parameters of generateQr and updateQrCode, all optional (absent: default or unchanged). */
export const qrStyleParams = {
  size: z.number().int().min(100).max(2000).describe("Pixels per side, 100 to 2000 (default 300)"),
  foregroundColor: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
    .describe('Modules\' colour, "#RRGGBB" or "#RGB" (default #000000); must be darker than the background'),
  backgroundColor: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
    .describe("Background colour (default #FFFFFF); contrast with the foreground at least 3:1"),
  format: z.enum(["png", "svg"]).describe("Image format (default png)"),
  errorCorrection: z
    .enum(["L", "M", "Q", "H"])
    .describe("Error correction level (default M; always H with a logo): higher survives damage, is denser"),
  margin: z.number().int().min(1).max(10).describe("Quiet zone around the symbol, in modules (default 4)"),
  moduleShape: z.enum(["square", "rounded", "dots"]).describe("Shape of the data modules (default square)"),
  finderShape: z
    .enum(["square", "rounded", "circle"])
    .describe("Shape of the three corner eyes (default square)"),
};

type StyleArgs = { [K in keyof typeof qrStyleParams]?: z.output<(typeof qrStyleParams)[K]> | undefined };

/** The style fields given, as the gRPC QrStyle (unset fields: the service's default or current value). */
export function qrStyleOf(args: StyleArgs): MessageInitShape<typeof qrV1.QrStyleSchema> {
  return {
    size: args.size ?? 0,
    foregroundColor: args.foregroundColor ?? "",
    backgroundColor: args.backgroundColor ?? "",
    format: args.format ? FORMAT_OF[args.format] : qrV1.QrFormat.UNSPECIFIED,
    errorCorrection: args.errorCorrection
      ? LEVEL_OF[args.errorCorrection]
      : qrV1.ErrorCorrectionLevel.UNSPECIFIED,
    ...(args.margin === undefined ? {} : { margin: args.margin }),
    moduleShape: args.moduleShape ? MODULE_SHAPE_OF[args.moduleShape] : qrV1.ModuleShape.UNSPECIFIED,
    finderShape: args.finderShape ? FINDER_SHAPE_OF[args.finderShape] : qrV1.FinderShape.UNSPECIFIED,
  };
}

/** Whether any style parameter was given. */
export function hasStyle(args: StyleArgs): boolean {
  return (Object.keys(qrStyleParams) as Array<keyof StyleArgs>).some((key) => args[key] !== undefined);
}

/** 256 KiB of base64 plus a data: URI prefix. */
const MAX_LOGO_TEXT = 350_000;

/** A logo as agents send it: base64, or a data: URI of a PNG or JPEG. */
export const logoParam = z
  .string()
  .max(MAX_LOGO_TEXT)
  .regex(/^(data:image\/(png|jpeg);base64,)?[A-Za-z0-9+/]+={0,2}$/)
  .describe(
    "A PNG or JPEG logo drawn in the centre: base64 or a data: URI, at most 256 KiB decoded (raises error correction to H)",
  );

export function logoBytes(logo: string): Uint8Array {
  return new Uint8Array(Buffer.from(logo.replace(/^data:[^,]*,/, ""), "base64"));
}
