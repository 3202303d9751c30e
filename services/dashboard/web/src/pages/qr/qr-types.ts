import type { QrContentType } from "./qr-code";

/** The content types, in the order the chooser shows them. */
export const QR_TYPES: readonly { value: QrContentType; label: string; hint: string }[] = [
  { value: "url", label: "URL", hint: "Opens a web page" },
  { value: "text", label: "Text", hint: "Shows a text" },
  { value: "wifi", label: "Wi-Fi", hint: "Joins a network" },
  { value: "vcard", label: "Contact card", hint: "Saves a contact (vCard)" },
  { value: "email", label: "E-mail", hint: "Writes an e-mail" },
  { value: "phone", label: "Phone", hint: "Calls a number" },
  { value: "sms", label: "SMS", hint: "Writes a text message" },
  { value: "location", label: "Location", hint: "Opens a map" },
];

export const typeLabel = (type: QrContentType): string =>
  QR_TYPES.find((choice) => choice.value === type)?.label ?? type;
