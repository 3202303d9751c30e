import { auditFields } from "@kurz/audit";
import type { QrRecord } from "./qr-record";

/** A QR code's fields as its audit entries show them (its link is part of it: the link id only). */
export function qrAuditFields(record: QrRecord): Record<string, unknown> {
  return auditFields(record, ["link"]);
}
