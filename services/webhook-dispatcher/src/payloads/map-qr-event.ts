import type { eventsV1 } from "@kurz/proto";
import { qrV1 } from "@kurz/proto";
import type { z } from "zod";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";
import type { QR_CONTENT_TYPES, qrCodeDataSchema } from "./qr-payloads";

type QrCodeData = z.output<typeof qrCodeDataSchema>;

export type MappedQrEvent = MappedEvent<"qr.created" | "qr.updated" | "qr.deleted", QrCodeData>;

const CONTENT_TYPES: Record<number, (typeof QR_CONTENT_TYPES)[number]> = {
  [qrV1.QrContentType.URL]: "url",
  [qrV1.QrContentType.TEXT]: "text",
  [qrV1.QrContentType.WIFI]: "wifi",
  [qrV1.QrContentType.VCARD]: "vcard",
  [qrV1.QrContentType.EMAIL]: "email",
  [qrV1.QrContentType.PHONE]: "phone",
  [qrV1.QrContentType.SMS]: "sms",
  [qrV1.QrContentType.LOCATION]: "location",
};

// Unset (UNSPECIFIED) style fields take the defaults qr_code.proto documents.
const FORMATS: Record<number, QrCodeData["format"]> = {
  [qrV1.QrFormat.PNG]: "png",
  [qrV1.QrFormat.SVG]: "svg",
};
const LEVELS: Record<number, QrCodeData["error_correction"]> = {
  [qrV1.ErrorCorrectionLevel.L]: "L",
  [qrV1.ErrorCorrectionLevel.M]: "M",
  [qrV1.ErrorCorrectionLevel.Q]: "Q",
  [qrV1.ErrorCorrectionLevel.H]: "H",
};
const MODULES: Record<number, QrCodeData["module_shape"]> = {
  [qrV1.ModuleShape.SQUARE]: "square",
  [qrV1.ModuleShape.ROUNDED]: "rounded",
  [qrV1.ModuleShape.DOTS]: "dots",
};
const FINDERS: Record<number, QrCodeData["finder_shape"]> = {
  [qrV1.FinderShape.SQUARE]: "square",
  [qrV1.FinderShape.ROUNDED]: "rounded",
  [qrV1.FinderShape.CIRCLE]: "circle",
};

/** The content as the REST API shows it, minus a Wi-Fi password (see qr-payloads.ts). */
function contentOf(
  envelope: eventsV1.EventEnvelope,
  type: QrCodeData["type"],
  content: string,
): QrCodeData["content"] {
  if (type === "url" || type === "text" || type === "phone") return content;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw invalidEvent(envelope, `the ${type} QR content is not JSON`, error);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalidEvent(envelope, `the ${type} QR content is not a JSON object`);
  }
  if (type !== "wifi") return parsed as Record<string, unknown>;
  const { password: _password, ...withoutPassword } = parsed as Record<string, unknown>;
  return withoutPassword;
}

/** qr.created / qr.updated / qr.deleted (QrCodeChanged) as the webhook of the same name. */
export function mapQrEvent(envelope: eventsV1.EventEnvelope, type: MappedQrEvent["type"]): MappedQrEvent {
  const qr = decodeEventPayload(envelope, qrV1.QrCodeChangedSchema).qrCode;
  if (!qr || qr.id === "") throw invalidEvent(envelope, "QrCodeChanged carries no QR code");
  const contentType = CONTENT_TYPES[qr.type];
  if (contentType === undefined) throw invalidEvent(envelope, `unknown QR content type ${qr.type}`);
  const style = qr.style;
  return {
    type,
    data: {
      id: qr.id,
      name: qr.name,
      type: contentType,
      content: contentOf(envelope, contentType, qr.content),
      payload: contentType === "wifi" ? null : qr.payload,
      dynamic: qr.dynamic,
      password_protected: qr.passwordProtected,
      short_code: qr.linkCode || null,
      short_url: qr.shortUrl || null,
      size: style?.size || 300,
      foreground_color: style?.foregroundColor || "#000000",
      background_color: style?.backgroundColor || "#FFFFFF",
      format: FORMATS[style?.format ?? 0] ?? "png",
      error_correction: LEVELS[style?.errorCorrection ?? 0] ?? (qr.hasLogo ? "H" : "M"), // H whenever a logo is set
      margin: style?.margin ?? 4,
      module_shape: MODULES[style?.moduleShape ?? 0] ?? "square",
      finder_shape: FINDERS[style?.finderShape ?? 0] ?? "square",
      has_logo: qr.hasLogo,
      created_at: isoTimeOf(envelope, qr.createdAt, "created_at"),
      updated_at: isoTimeOf(envelope, qr.updatedAt, "updated_at"),
    },
    // A QR code's event names the code of its short link, not the link's id: no link filter applies.
  };
}
