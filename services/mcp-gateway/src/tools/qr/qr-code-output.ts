import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { qrV1 } from "@kurz/proto";
import { z } from "zod";
import { planLimitSchema } from "../plan-limit-output";
import {
  FINDER_SHAPE_OF,
  FORMAT_OF,
  LEVEL_OF,
  MODULE_SHAPE_OF,
  nameOf,
  QR_TYPE_OF,
  QR_TYPES,
} from "./qr-enums";

/** The `id` every tool about one QR code takes. */
export const qrIdParam = z
  .uuid()
  .describe("The QR code's id (a UUID, from generateQr or listQrCodes)")
  .meta({ examples: ["9b2d4f6a-1c3e-4a5b-8d7f-0e1a2b3c4d5e"] });

const iso = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : "");

/** A QR code as the tools return it: its fields (docs/api/qr-codes.md) and the rest of the record. */
export const qrCodeSchema = z.object({
  id: z.string().describe("UUID: what the other QR tools take as id"),
  name: z.string(),
  type: z.enum(QR_TYPES),
  content: z
    .string()
    .describe("The content as given; for wifi, vcard, email, sms and location a JSON object as text"),
  payload: z
    .string()
    .describe("The exact text the symbol encodes (for dynamic and password-protected codes: shortUrl)"),
  dynamic: z.boolean().describe("The code encodes a short link whose destination updateQrCode can change"),
  passwordProtected: z.boolean(),
  tracked: z
    .boolean()
    .describe(
      "Scans are counted: the code encodes a short link (dynamic or password-protected). A static code's scans cannot be counted",
    ),
  shortUrl: z.string().nullable().describe("The short link the code encodes (null for static codes)"),
  linkCode: z
    .string()
    .nullable()
    .describe("The short link's code, as getQrCodeAnalytics and getAllQrAnalytics name it (null: static)"),
  size: z.number().int(),
  foregroundColor: z.string(),
  backgroundColor: z.string(),
  format: z.enum(["png", "svg"]),
  errorCorrection: z.enum(["L", "M", "Q", "H"]),
  margin: z.number().int(),
  moduleShape: z.enum(["square", "rounded", "dots"]),
  finderShape: z.enum(["square", "rounded", "circle"]),
  hasLogo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type QrCodeOutput = z.output<typeof qrCodeSchema>;

export function toQrCodeOutput(code: qrV1.QrCode | undefined): QrCodeOutput {
  if (!code) throw new Error("link-api answered without a QR code");
  const style = code.style;
  return {
    id: code.id,
    name: code.name,
    type: nameOf(QR_TYPE_OF, code.type, "text"),
    content: code.content,
    payload: code.payload,
    dynamic: code.dynamic,
    passwordProtected: code.passwordProtected,
    tracked: code.linkCode !== "",
    shortUrl: code.shortUrl === "" ? null : code.shortUrl,
    linkCode: code.linkCode === "" ? null : code.linkCode,
    size: style?.size ?? 300,
    foregroundColor: style?.foregroundColor ?? "#000000",
    backgroundColor: style?.backgroundColor ?? "#FFFFFF",
    format: nameOf(FORMAT_OF, style?.format, "png"),
    errorCorrection: nameOf(LEVEL_OF, style?.errorCorrection, "M"),
    margin: style?.margin ?? 4,
    moduleShape: nameOf(MODULE_SHAPE_OF, style?.moduleShape, "square"),
    finderShape: nameOf(FINDER_SHAPE_OF, style?.finderShape, "square"),
    hasLogo: code.hasLogo,
    createdAt: iso(code.createdAt),
    updatedAt: iso(code.updatedAt),
  };
}

/** The QR code a scan report is about. */
export const qrCodeRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  link_code: z.string().describe("The code of the short link the QR code encodes"),
  short_url: z.string(),
});

export function qrCodeRefOf(code: qrV1.QrCode): z.output<typeof qrCodeRefSchema> {
  return { id: code.id, name: code.name, link_code: code.linkCode, short_url: code.shortUrl };
}

/** The window of a scan report: startDate and endDate together, or a period. */

export const qrLimitSchema = planLimitSchema.describe(
  "The plan's maximum of QR codes (null: unlimited; 0: not included in the plan)",
);
