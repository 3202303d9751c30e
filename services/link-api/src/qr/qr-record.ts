import { inArray } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type LinkRow, links, type QrCodeRow } from "../db/schema";
import type { QrStyle } from "./qr-style";

/** A QR code with its short link (dynamic and password-protected codes have one). */
export interface QrRecord extends QrCodeRow {
  link: LinkRow | undefined;
}

export function styleOf(row: QrCodeRow): QrStyle {
  return {
    size: row.size,
    foregroundColor: row.foregroundColor,
    backgroundColor: row.backgroundColor,
    format: row.format,
    errorCorrection: row.errorCorrection,
    margin: row.margin,
    moduleShape: row.moduleShape,
    finderShape: row.finderShape,
  };
}

export async function withLinks(db: LinkApiExecutor, rows: QrCodeRow[]): Promise<QrRecord[]> {
  const ids = rows.map((row) => row.linkId).filter((id): id is string => id !== null);
  const linked = ids.length > 0 ? await db.select().from(links).where(inArray(links.id, ids)) : [];
  const byId = new Map(linked.map((link) => [link.id, link]));
  return rows.map((row) => ({ ...row, link: row.linkId ? byId.get(row.linkId) : undefined }));
}
