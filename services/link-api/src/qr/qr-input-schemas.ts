import { z } from "zod";
import { nameRule, passwordField } from "../links/link-fields";
import { QR_CONTENT_TYPES } from "./qr-content";
import { QR_SIZE_MAX, QR_SIZE_MIN, qrStyleInputShape } from "./qr-style";

const contentField = z
  .union([z.string().max(4096), z.record(z.string(), z.unknown())])
  .describe(
    "Text for url, text and phone; for wifi, vcard, email, sms and location an object (or its JSON). " +
      'Short forms: email address, phone number, "lat,lng"',
  );

const logoField = z
  .string()
  .describe("PNG or JPEG, base64 or a data: URI, at most 256 KiB; raises error correction to H");

/** A QR code's fields and style options (docs/api/qr-codes.md). */
export const createQrInputSchema = z.strictObject({
  type: z
    .enum(QR_CONTENT_TYPES)
    .optional()
    .describe("Default: url when content is an http(s) URL, else text"),
  content: contentField,
  name: z.string().trim().max(200).superRefine(nameRule("name")).optional(),
  ...qrStyleInputShape,
  dynamic: z.boolean().optional().describe("Encode a short link whose destination stays editable (type url)"),
  password: passwordField.optional().describe("Protect with a password (type url; encodes a short link)"),
  logo: logoField.optional(),
});

export type CreateQrInput = z.output<typeof createQrInputSchema>;

export const updateQrInputSchema = z.strictObject({
  name: z.string().trim().max(200).superRefine(nameRule("name")).optional(),
  content: contentField.optional().describe("Dynamic codes only"),
  ...qrStyleInputShape,
  password: passwordField.nullable().optional().describe("Codes with a short link only; null removes"),
  logo: logoField.nullable().optional().describe("null removes the logo"),
});

export type UpdateQrInput = z.output<typeof updateQrInputSchema>;

export const listQrQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  type: z.enum(QR_CONTENT_TYPES).optional(),
});

export type ListQrQuery = z.output<typeof listQrQuerySchema>;

export const renderQrQuerySchema = z.strictObject({
  format: z.enum(["png", "svg"]).optional(),
  size: z.coerce.number().int().min(QR_SIZE_MIN).max(QR_SIZE_MAX).optional(),
});
