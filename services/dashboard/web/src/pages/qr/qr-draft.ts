import type { QrCode, QrContentType } from "./qr-code";

/** The logo as the form holds it: none, the stored one (editing), or a newly chosen file. */
export type LogoDraft =
  | { kind: "none" }
  | { kind: "stored" }
  | { kind: "new"; dataUrl: string; fileName: string };

/**
 * The designer's values as typed. Content fields are flat (one per input) and become the API's
 * `content` for the chosen type; the rest are the API's own field names.
 */
export interface QrDraft {
  type: QrContentType;
  url: string;
  text: string;
  phone: string;
  wifiSsid: string;
  wifiPassword: string;
  wifiEncryption: "WPA" | "WEP" | "nopass";
  wifiHidden: boolean;
  vcardFirstName: string;
  vcardLastName: string;
  vcardOrganization: string;
  vcardTitle: string;
  vcardPhone: string;
  vcardEmail: string;
  vcardUrl: string;
  vcardStreet: string;
  vcardCity: string;
  vcardRegion: string;
  vcardPostalCode: string;
  vcardCountry: string;
  vcardNote: string;
  emailTo: string;
  emailSubject: string;
  emailBody: string;
  smsNumber: string;
  smsMessage: string;
  latitude: string;
  longitude: string;
  name: string;
  foregroundColor: string;
  backgroundColor: string;
  size: string;
  margin: string;
  errorCorrection: QrCode["errorCorrection"];
  moduleShape: QrCode["moduleShape"];
  finderShape: QrCode["finderShape"];
  logo: LogoDraft;
  dynamic: boolean;
  password: string;
  removePassword: boolean;
}

export type QrField = keyof QrDraft;

/** The API's defaults, so an untouched field sends nothing and a new design looks like them. */
export const EMPTY_QR_DRAFT: QrDraft = {
  type: "url",
  url: "",
  text: "",
  phone: "",
  wifiSsid: "",
  wifiPassword: "",
  wifiEncryption: "WPA",
  wifiHidden: false,
  vcardFirstName: "",
  vcardLastName: "",
  vcardOrganization: "",
  vcardTitle: "",
  vcardPhone: "",
  vcardEmail: "",
  vcardUrl: "",
  vcardStreet: "",
  vcardCity: "",
  vcardRegion: "",
  vcardPostalCode: "",
  vcardCountry: "",
  vcardNote: "",
  emailTo: "",
  emailSubject: "",
  emailBody: "",
  smsNumber: "",
  smsMessage: "",
  latitude: "",
  longitude: "",
  name: "",
  foregroundColor: "#000000",
  backgroundColor: "#ffffff",
  size: "300",
  margin: "4",
  errorCorrection: "M",
  moduleShape: "square",
  finderShape: "square",
  logo: { kind: "none" },
  dynamic: false,
  password: "",
  removePassword: false,
};

/** The order fields appear in: the first one with an error gets the focus. */
export const QR_FIELDS = Object.keys(EMPTY_QR_DRAFT) as QrField[];

/** The id of a field's control: `qr-wifi-ssid`. */
export const qrFieldId = (field: QrField): string =>
  `qr-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const number = (value: unknown): string => (typeof value === "number" ? String(value) : "");

/** A stored structured content: the API keeps it as JSON text. */
function contentObject(content: QrCode["content"]): Record<string, unknown> {
  if (typeof content !== "string") return content;
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The form's values for a stored code (to edit it). */
export function draftFromQrCode(code: QrCode): QrDraft {
  const draft: QrDraft = {
    ...EMPTY_QR_DRAFT,
    type: code.type,
    name: code.name,
    foregroundColor: code.foregroundColor.toLowerCase(),
    backgroundColor: code.backgroundColor.toLowerCase(),
    size: String(code.size),
    margin: String(code.margin),
    errorCorrection: code.errorCorrection,
    moduleShape: code.moduleShape,
    finderShape: code.finderShape,
    logo: code.hasLogo ? { kind: "stored" } : { kind: "none" },
    dynamic: code.dynamic,
  };
  const plain = typeof code.content === "string" ? code.content : "";
  switch (code.type) {
    case "url":
      return { ...draft, url: plain };
    case "text":
      return { ...draft, text: plain };
    case "phone":
      return { ...draft, phone: plain };
    case "wifi": {
      const wifi = contentObject(code.content);
      const encryption = wifi["encryption"];
      return {
        ...draft,
        wifiSsid: text(wifi["ssid"]),
        wifiPassword: text(wifi["password"]),
        wifiEncryption: encryption === "WEP" || encryption === "nopass" ? encryption : "WPA",
        wifiHidden: wifi["hidden"] === true,
      };
    }
    case "vcard": {
      const card = contentObject(code.content);
      const address = (card["address"] ?? {}) as Record<string, unknown>;
      return {
        ...draft,
        vcardFirstName: text(card["firstName"]),
        vcardLastName: text(card["lastName"]),
        vcardOrganization: text(card["organization"]),
        vcardTitle: text(card["title"]),
        vcardPhone: text(card["phone"]),
        vcardEmail: text(card["email"]),
        vcardUrl: text(card["url"]),
        vcardStreet: text(address["street"]),
        vcardCity: text(address["city"]),
        vcardRegion: text(address["region"]),
        vcardPostalCode: text(address["postalCode"]),
        vcardCountry: text(address["country"]),
        vcardNote: text(card["note"]),
      };
    }
    case "email": {
      const email = contentObject(code.content);
      return {
        ...draft,
        emailTo: text(email["to"]),
        emailSubject: text(email["subject"]),
        emailBody: text(email["body"]),
      };
    }
    case "sms": {
      const sms = contentObject(code.content);
      return { ...draft, smsNumber: text(sms["number"]), smsMessage: text(sms["message"]) };
    }
    case "location": {
      const location = contentObject(code.content);
      return { ...draft, latitude: number(location["latitude"]), longitude: number(location["longitude"]) };
    }
  }
}
