import type { CreateQrBody, QrContentType } from "./qr-code";
import type { QrDraft, QrField } from "./qr-draft";

export type QrContent = CreateQrBody["content"];

export type BuiltContent = { ok: true; content: QrContent } | { ok: false; errors: Map<QrField, string> };

/** The API's own rule for phone numbers (it strips spaces, dots, dashes and brackets first). */
const PHONE = /^\+?[0-9]{3,20}$/;
const validPhone = (value: string) => PHONE.test(value.replace(/[\s().-]/g, ""));
/** Enough to catch a typo; the API judges the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function coordinate(value: string, limit: number): number | undefined {
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) && Math.abs(parsed) <= limit ? parsed : undefined;
}

/** Only the filled-in fields of a structured content: the API leaves the others out of the code. */
function filled(fields: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const trimmed = value.trim();
    if (trimmed) kept[name] = trimmed;
  }
  return kept;
}

/**
 * The API's `content` for the chosen type, from the fields typed for it. Catches what the browser
 * can tell on its own (a missing network name, a latitude of 200); everything else is the API's.
 */
export function buildQrContent(draft: QrDraft): BuiltContent {
  const errors = new Map<QrField, string>();
  let content: QrContent = "";
  switch (draft.type) {
    case "url": {
      content = draft.url.trim();
      if (!/^https?:\/\/\S+/i.test(content)) errors.set("url", "Enter a web address starting with https://");
      break;
    }
    case "text": {
      content = draft.text;
      if (content.trim() === "") errors.set("text", "Enter the text the code shows");
      break;
    }
    case "phone": {
      content = draft.phone.trim();
      if (!validPhone(content)) errors.set("phone", "Enter 3 to 20 digits, optionally starting with +");
      break;
    }
    case "wifi": {
      const open = draft.wifiEncryption === "nopass";
      if (draft.wifiSsid === "") errors.set("wifiSsid", "Enter the network name");
      if (!open && draft.wifiPassword === "") errors.set("wifiPassword", "Enter the network password");
      else if (draft.wifiEncryption === "WPA" && !open && draft.wifiPassword.length < 8) {
        errors.set("wifiPassword", "WPA passwords are 8 to 63 characters");
      }
      // Names and passwords are taken as typed: spaces may be part of them.
      content = {
        ssid: draft.wifiSsid,
        encryption: draft.wifiEncryption,
        hidden: draft.wifiHidden,
        ...(open ? {} : { password: draft.wifiPassword }),
      };
      break;
    }
    case "vcard": {
      const card: Record<string, unknown> = filled({
        firstName: draft.vcardFirstName,
        lastName: draft.vcardLastName,
        organization: draft.vcardOrganization,
        title: draft.vcardTitle,
        phone: draft.vcardPhone,
        email: draft.vcardEmail,
        url: draft.vcardUrl,
        note: draft.vcardNote,
      });
      const address = filled({
        street: draft.vcardStreet,
        city: draft.vcardCity,
        region: draft.vcardRegion,
        postalCode: draft.vcardPostalCode,
        country: draft.vcardCountry,
      });
      if (Object.keys(address).length > 0) card["address"] = address;
      if (!card["firstName"] && !card["lastName"] && !card["organization"]) {
        errors.set("vcardFirstName", "Enter a first name, last name or organisation");
      }
      if (typeof card["phone"] === "string" && !validPhone(card["phone"])) {
        errors.set("vcardPhone", "Enter 3 to 20 digits, optionally starting with +");
      }
      if (typeof card["email"] === "string" && !EMAIL.test(card["email"])) {
        errors.set("vcardEmail", "Enter an e-mail address like name@example.com");
      }
      content = card;
      break;
    }
    case "email": {
      const to = draft.emailTo.trim();
      if (!EMAIL.test(to)) errors.set("emailTo", "Enter an e-mail address like name@example.com");
      content = {
        to,
        ...(draft.emailSubject ? { subject: draft.emailSubject } : {}),
        ...(draft.emailBody ? { body: draft.emailBody } : {}),
      };
      break;
    }
    case "sms": {
      const number = draft.smsNumber.trim();
      if (!validPhone(number)) errors.set("smsNumber", "Enter 3 to 20 digits, optionally starting with +");
      content = { number, ...(draft.smsMessage ? { message: draft.smsMessage } : {}) };
      break;
    }
    case "location": {
      const latitude = coordinate(draft.latitude, 90);
      const longitude = coordinate(draft.longitude, 180);
      if (latitude === undefined) errors.set("latitude", "Enter a latitude from -90 to 90, e.g. 52.52");
      if (longitude === undefined) errors.set("longitude", "Enter a longitude from -180 to 180, e.g. 13.405");
      content = { latitude: latitude ?? 0, longitude: longitude ?? 0 };
      break;
    }
  }
  return errors.size > 0 ? { ok: false, errors } : { ok: true, content };
}

/** Which content field an API issue is about: its path inside `content` ("ssid", "address.city"). */
const CONTENT_FIELDS: Record<QrContentType, Record<string, QrField>> = {
  url: { "": "url" },
  text: { "": "text" },
  phone: { "": "phone" },
  wifi: { "": "wifiSsid", ssid: "wifiSsid", password: "wifiPassword", encryption: "wifiEncryption" },
  vcard: {
    "": "vcardFirstName",
    firstName: "vcardFirstName",
    lastName: "vcardLastName",
    organization: "vcardOrganization",
    title: "vcardTitle",
    phone: "vcardPhone",
    email: "vcardEmail",
    url: "vcardUrl",
    note: "vcardNote",
    "address.street": "vcardStreet",
    "address.city": "vcardCity",
    "address.region": "vcardRegion",
    "address.postalCode": "vcardPostalCode",
    "address.country": "vcardCountry",
  },
  email: { "": "emailTo", to: "emailTo", subject: "emailSubject", body: "emailBody" },
  sms: { "": "smsNumber", number: "smsNumber", message: "smsMessage" },
  location: { "": "latitude", latitude: "latitude", longitude: "longitude" },
};

/** The field of the form a part of `content` belongs to; the type's first field when unsure. */
export function contentFieldOf(type: QrContentType, path: string): QrField {
  const fields = CONTENT_FIELDS[type];
  return fields[path] ?? fields[""] ?? "url";
}
