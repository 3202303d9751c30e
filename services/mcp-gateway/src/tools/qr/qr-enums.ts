import { qrV1 } from "@kurz/proto";

export const QR_TYPES = ["url", "text", "wifi", "vcard", "email", "phone", "sms", "location"] as const;
export type QrType = (typeof QR_TYPES)[number];

export const QR_TYPE_OF: Record<QrType, qrV1.QrContentType> = {
  url: qrV1.QrContentType.URL,
  text: qrV1.QrContentType.TEXT,
  wifi: qrV1.QrContentType.WIFI,
  vcard: qrV1.QrContentType.VCARD,
  email: qrV1.QrContentType.EMAIL,
  phone: qrV1.QrContentType.PHONE,
  sms: qrV1.QrContentType.SMS,
  location: qrV1.QrContentType.LOCATION,
};

export const FORMAT_OF = { png: qrV1.QrFormat.PNG, svg: qrV1.QrFormat.SVG } as const;
export const LEVEL_OF = {
  L: qrV1.ErrorCorrectionLevel.L,
  M: qrV1.ErrorCorrectionLevel.M,
  Q: qrV1.ErrorCorrectionLevel.Q,
  H: qrV1.ErrorCorrectionLevel.H,
} as const;
export const MODULE_SHAPE_OF = {
  square: qrV1.ModuleShape.SQUARE,
  rounded: qrV1.ModuleShape.ROUNDED,
  dots: qrV1.ModuleShape.DOTS,
} as const;
export const FINDER_SHAPE_OF = {
  square: qrV1.FinderShape.SQUARE,
  rounded: qrV1.FinderShape.ROUNDED,
  circle: qrV1.FinderShape.CIRCLE,
} as const;

/** The name of an enum value (the inverse of one of the maps above), or the fallback. */
export function nameOf<K extends string>(map: Record<K, number>, value: number | undefined, fallback: K): K {
  return (Object.keys(map) as K[]).find((key) => map[key] === value) ?? fallback;
}
