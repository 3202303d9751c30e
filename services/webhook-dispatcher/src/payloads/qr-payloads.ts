import { z } from "zod";
import { idField, isoTimeField } from "./webhook-payload-fields";

export const QR_CONTENT_TYPES = [
  "url",
  "text",
  "wifi",
  "vcard",
  "email",
  "phone",
  "sms",
  "location",
] as const;

/**
 * `data` of qr.created, qr.updated and qr.deleted: the REST API's QrCode in snake_case.
 *
 * One difference: a Wi-Fi code's network password is left out (from `content`, and `payload` is
 * null since the encoded text contains it). The REST API shows it to the owner on request; a
 * webhook copies it to every subscribed endpoint and its logs.
 */
export const qrCodeDataSchema = z
  .object({
    id: idField("The QR code's UUID"),
    name: z.string().describe("Display name; empty when none was given"),
    type: z.enum(QR_CONTENT_TYPES).describe("What the code encodes"),
    content: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .describe(
        "The content as given: a string for url, text and phone; an object for the structured types (wifi without its password)",
      ),
    payload: z
      .string()
      .nullable()
      .describe("The exact text the symbol encodes; null for wifi (it contains the network password)"),
    dynamic: z.boolean().describe("The code encodes a short link whose destination stays editable"),
    password_protected: z.boolean().describe("Its short link asks for a password (never sent, nor its hash)"),
    short_code: z.string().nullable().describe("Code of the short link it encodes; null: none"),
    short_url: z.string().nullable().describe("Address of the short link it encodes; null: none"),
    size: z.number().int().positive().describe("Pixels per side"),
    foreground_color: z.string().describe("#RRGGBB"),
    background_color: z.string().describe("#RRGGBB"),
    format: z.enum(["png", "svg"]).describe("Image format of the code"),
    error_correction: z
      .enum(["L", "M", "Q", "H"])
      .describe("Error correction level (H whenever a logo is set)"),
    margin: z.number().int().nonnegative().describe("Quiet zone in modules"),
    module_shape: z.enum(["square", "rounded", "dots"]).describe("Shape of the data modules"),
    finder_shape: z
      .enum(["square", "rounded", "circle"])
      .describe("Shape of the three corner finder patterns"),
    has_logo: z.boolean().describe("A logo is drawn in the middle of the code"),
    created_at: isoTimeField("When the code was created"),
    updated_at: isoTimeField("When the code last changed"),
  })
  .describe("A QR code");

const menuCode = {
  id: "0191c3b1-0a2b-7c3d-9e4f-5a6b7c8d9e0f",
  name: "Table menu",
  type: "url",
  content: "https://www.acme-bistro.com/menu",
  payload: "https://go.acme.com/menu",
  dynamic: true,
  password_protected: false,
  short_code: "menu",
  short_url: "https://go.acme.com/menu",
  size: 600,
  foreground_color: "#1A1A1A",
  background_color: "#FFFFFF",
  format: "svg",
  error_correction: "H",
  margin: 4,
  module_shape: "rounded",
  finder_shape: "circle",
  has_logo: true,
  created_at: "2025-03-02T10:15:00.000Z",
  updated_at: "2025-03-02T10:15:00.000Z",
} satisfies z.input<typeof qrCodeDataSchema>;

export const qrPayloadExamples = {
  "qr.created": menuCode,
  "qr.updated": {
    ...menuCode,
    content: "https://www.acme-bistro.com/spring-menu",
    updated_at: "2025-03-20T08:00:00.000Z",
  },
  "qr.deleted": menuCode,
} satisfies Record<"qr.created" | "qr.updated" | "qr.deleted", z.input<typeof qrCodeDataSchema>>;
