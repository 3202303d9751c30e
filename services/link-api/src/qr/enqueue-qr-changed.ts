import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { eventTopics } from "@kurz/events";
import { qrV1 } from "@kurz/proto";
import type { ShortHosts } from "@kurz/routes";
import type { LinkApiTransaction } from "../db/link-api-database";
import { enqueueEvent } from "../events/enqueue-event";
import type { QrContentType } from "./qr-content";
import { type QrRecord, styleOf } from "./qr-record";
import type { QrStyle } from "./qr-style";

export const QR_TYPE_ENUM: Record<QrContentType, qrV1.QrContentType> = {
  url: qrV1.QrContentType.URL,
  text: qrV1.QrContentType.TEXT,
  wifi: qrV1.QrContentType.WIFI,
  vcard: qrV1.QrContentType.VCARD,
  email: qrV1.QrContentType.EMAIL,
  phone: qrV1.QrContentType.PHONE,
  sms: qrV1.QrContentType.SMS,
  location: qrV1.QrContentType.LOCATION,
};

const FORMATS = { png: qrV1.QrFormat.PNG, svg: qrV1.QrFormat.SVG } as const;
const LEVELS = {
  L: qrV1.ErrorCorrectionLevel.L,
  M: qrV1.ErrorCorrectionLevel.M,
  Q: qrV1.ErrorCorrectionLevel.Q,
  H: qrV1.ErrorCorrectionLevel.H,
} as const;
const MODULES = {
  square: qrV1.ModuleShape.SQUARE,
  rounded: qrV1.ModuleShape.ROUNDED,
  dots: qrV1.ModuleShape.DOTS,
} as const;
const FINDERS = {
  square: qrV1.FinderShape.SQUARE,
  rounded: qrV1.FinderShape.ROUNDED,
  circle: qrV1.FinderShape.CIRCLE,
} as const;

export function toQrStyleMessage(style: QrStyle): MessageInitShape<typeof qrV1.QrStyleSchema> {
  return {
    size: style.size,
    foregroundColor: style.foregroundColor,
    backgroundColor: style.backgroundColor,
    format: FORMATS[style.format],
    errorCorrection: LEVELS[style.errorCorrection],
    margin: style.margin,
    moduleShape: MODULES[style.moduleShape],
    finderShape: FINDERS[style.finderShape],
  };
}

export function toQrCodeMessage(
  record: QrRecord,
  hosts: ShortHosts,
): MessageInitShape<typeof qrV1.QrCodeSchema> {
  return {
    id: record.id,
    accountId: record.accountId,
    name: record.name,
    type: QR_TYPE_ENUM[record.type],
    content: record.content,
    payload: record.payload,
    style: toQrStyleMessage(styleOf(record)),
    dynamic: record.dynamic,
    passwordProtected: Boolean(record.link?.passwordHash),
    linkCode: record.link?.code ?? "",
    shortUrl: record.link ? hosts.shortUrl(record.link.host, record.link.code) : "",
    hasLogo: record.logo !== null,
    createdAt: timestampFromDate(record.createdAt),
    updatedAt: timestampFromDate(record.updatedAt),
  };
}

export function enqueueQrChanged(
  tx: LinkApiTransaction,
  type: "qr.created" | "qr.updated" | "qr.deleted",
  occurredAt: Date,
  record: QrRecord,
  hosts: ShortHosts,
): Promise<void> {
  return enqueueEvent(tx, {
    occurredAt,
    topic: eventTopics.qr,
    type,
    accountId: record.accountId,
    schema: qrV1.QrCodeChangedSchema,
    payload: { qrCode: toQrCodeMessage(record, hosts) },
  });
}
