import type { ShortHosts } from "@kurz/routes";
import { z } from "zod";
import { QR_CONTENT_TYPES } from "./qr-content";
import { type QrRecord, styleOf } from "./qr-record";

export const qrViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(QR_CONTENT_TYPES),
    content: z.union([z.string(), z.record(z.string(), z.unknown())]),
    payload: z.string().describe("The exact text the symbol encodes"),
    dynamic: z.boolean(),
    passwordProtected: z.boolean(),
    shortCode: z.string().nullable(),
    shortUrl: z.string().nullable(),
    size: z.number(),
    foregroundColor: z.string(),
    backgroundColor: z.string(),
    format: z.enum(["png", "svg"]),
    errorCorrection: z.enum(["L", "M", "Q", "H"]),
    margin: z.number(),
    moduleShape: z.enum(["square", "rounded", "dots"]),
    finderShape: z.enum(["square", "rounded", "circle"]),
    hasLogo: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "QrCode" });

const STRUCTURED = new Set(["wifi", "vcard", "email", "sms", "location"]);

export function toQrView(record: QrRecord, hosts: ShortHosts): z.output<typeof qrViewSchema> {
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    content: STRUCTURED.has(record.type)
      ? (JSON.parse(record.content) as Record<string, unknown>)
      : record.content,
    payload: record.payload,
    dynamic: record.dynamic,
    passwordProtected: Boolean(record.link?.passwordHash),
    shortCode: record.link?.code ?? null,
    shortUrl: record.link ? hosts.shortUrl(record.link.host, record.link.code) : null,
    ...styleOf(record),
    hasLogo: record.logo !== null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
