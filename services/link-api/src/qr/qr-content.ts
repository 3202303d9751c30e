import { AppError } from "@kurz/errors";
import { z } from "zod";
import { destinationUrlField } from "../links/link-fields";

export type QrContentType = "url" | "text" | "wifi" | "vcard" | "email" | "phone" | "sms" | "location";
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

const phoneField = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .refine(
    (value) => /^\+?[0-9]{3,20}$/.test(value),
    "phone numbers are 3 to 20 digits, optionally starting with +",
  );

const wifiSchema = z
  .strictObject({
    ssid: z.string().min(1, "ssid is required").max(32, "ssid must be at most 32 characters"),
    password: z.string().max(63, "password must be at most 63 characters").default(""),
    encryption: z.enum(["WPA", "WEP", "nopass"]).default("WPA"),
    hidden: z.boolean().default(false),
  })
  .refine((wifi) => wifi.encryption === "nopass" || wifi.password.length > 0, {
    message: "password is required unless encryption is nopass",
    path: ["password"],
  })
  .refine((wifi) => wifi.encryption !== "WPA" || wifi.password.length === 0 || wifi.password.length >= 8, {
    message: "WPA passwords are 8 to 63 characters",
    path: ["password"],
  });

const vcardText = z.string().trim().max(200);
const vcardSchema = z
  .strictObject({
    firstName: vcardText.optional(),
    lastName: vcardText.optional(),
    organization: vcardText.optional(),
    title: vcardText.optional(),
    phone: phoneField.optional(),
    email: z.email("email must be an email address").optional(),
    url: destinationUrlField.optional(),
    address: z
      .strictObject({
        street: vcardText.optional(),
        city: vcardText.optional(),
        region: vcardText.optional(),
        postalCode: vcardText.optional(),
        country: vcardText.optional(),
      })
      .optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((card) => Boolean(card.firstName || card.lastName || card.organization), {
    message: "a vCard needs firstName, lastName or organization",
  });

const emailSchema = z.strictObject({
  to: z.email("to must be an email address"),
  subject: z.string().max(200).default(""),
  body: z.string().max(1000).default(""),
});

const smsSchema = z.strictObject({
  number: phoneField,
  message: z.string().max(500).default(""),
});

const locationSchema = z.strictObject({
  latitude: z.number().min(-90, "latitude is -90 to 90").max(90, "latitude is -90 to 90"),
  longitude: z.number().min(-180, "longitude is -180 to 180").max(180, "longitude is -180 to 180"),
});

/** Short string forms for structured types, as MCP tools send them. */
function expandShortForm(type: QrContentType, content: string): unknown {
  const trimmed = content.trim();
  if (trimmed.startsWith("{")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return content;
    }
  }
  switch (type) {
    case "email":
      return { to: trimmed };
    case "sms":
      return { number: trimmed };
    case "location": {
      const match = /^(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)$/.exec(trimmed);
      return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : content;
    }
    default:
      return content;
  }
}

/** Backslash-escapes the characters that delimit MECARD-style fields (WIFI: payloads). */
const escapeWifi = (value: string) => value.replace(/([\\;,:"])/g, "\\$1");
/** vCard 3.0 text escaping (RFC 2426 §4). */
const escapeVcard = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/([,;])/g, "\\$1");
const formatCoordinate = (value: number) => String(Number(value.toFixed(7)));

export interface QrContent {
  /** What is stored and shown back: the text, or the structured object as JSON. */
  content: string;
  /** The exact text the symbol encodes. */
  payload: string;
}

function invalid(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const path = issue?.path.length ? `content.${issue.path.join(".")}: ` : "content: ";
  return new AppError("VALIDATION_ERROR", {
    message: `${path}${issue?.message ?? "invalid content"}`,
    details: {
      field: "content",
      issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    },
  });
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

/**
 * Checks a QR content of a type and builds the payload scanners understand:
 * url → the URL; text → the text; wifi → WIFI:T:…;S:…;P:…;H:true;; ; vcard → vCard 3.0;
 * email → mailto:…?subject=…&body=…; phone → tel:…; sms → SMSTO:number:message;
 * location → geo:lat,lng. Structured types take an object (or its JSON, or a short form).
 */
export function buildQrContent(type: QrContentType, input: unknown): QrContent {
  const value = typeof input === "string" ? expandShortForm(type, input) : input;
  switch (type) {
    case "url": {
      const url = parse(destinationUrlField, value);
      return { content: url, payload: url };
    }
    case "text": {
      const text = parse(
        z.string().min(1, "text is required").max(2000, "text must be at most 2000 characters"),
        value,
      );
      return { content: text, payload: text };
    }
    case "phone": {
      const number = parse(phoneField, value);
      return { content: number, payload: `tel:${number}` };
    }
    case "wifi": {
      const wifi = parse(wifiSchema, value);
      const parts = [`T:${wifi.encryption}`, `S:${escapeWifi(wifi.ssid)}`];
      if (wifi.encryption !== "nopass") parts.push(`P:${escapeWifi(wifi.password)}`);
      if (wifi.hidden) parts.push("H:true");
      return { content: JSON.stringify(wifi), payload: `WIFI:${parts.join(";")};;` };
    }
    case "vcard": {
      const card = parse(vcardSchema, value);
      const lines = ["BEGIN:VCARD", "VERSION:3.0"];
      lines.push(`N:${escapeVcard(card.lastName ?? "")};${escapeVcard(card.firstName ?? "")};;;`);
      const fullName = [card.firstName, card.lastName].filter(Boolean).join(" ") || card.organization || "";
      lines.push(`FN:${escapeVcard(fullName)}`);
      if (card.organization) lines.push(`ORG:${escapeVcard(card.organization)}`);
      if (card.title) lines.push(`TITLE:${escapeVcard(card.title)}`);
      if (card.phone) lines.push(`TEL;TYPE=CELL:${card.phone}`);
      if (card.email) lines.push(`EMAIL:${card.email}`);
      if (card.url) lines.push(`URL:${card.url}`);
      if (card.address) {
        const a = card.address;
        const fields = ["", "", a.street, a.city, a.region, a.postalCode, a.country].map((f) =>
          escapeVcard(f ?? ""),
        );
        lines.push(`ADR:${fields.join(";")}`);
      }
      if (card.note) lines.push(`NOTE:${escapeVcard(card.note)}`);
      lines.push("END:VCARD");
      return { content: JSON.stringify(card), payload: lines.join("\r\n") };
    }
    case "email": {
      const email = parse(emailSchema, value);
      const query = [
        email.subject ? `subject=${encodeURIComponent(email.subject)}` : "",
        email.body ? `body=${encodeURIComponent(email.body)}` : "",
      ].filter(Boolean);
      return {
        content: JSON.stringify(email),
        payload: `mailto:${email.to}${query.length > 0 ? `?${query.join("&")}` : ""}`,
      };
    }
    case "sms": {
      const sms = parse(smsSchema, value);
      return { content: JSON.stringify(sms), payload: `SMSTO:${sms.number}:${sms.message}` };
    }
    case "location": {
      const location = parse(locationSchema, value);
      return {
        content: JSON.stringify(location),
        payload: `geo:${formatCoordinate(location.latitude)},${formatCoordinate(location.longitude)}`,
      };
    }
  }
}
