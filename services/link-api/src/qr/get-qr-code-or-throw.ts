import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { LinkApiExecutor } from "../db/link-api-database";
import { qrCodes } from "../db/schema";
import { type QrRecord, withLinks } from "./qr-record";

/** The account's QR code by id; NOT_FOUND otherwise (another account's included). */
export async function getQrCodeOrThrow(
  db: LinkApiExecutor,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<QrRecord> {
  const notFound = () => new AppError("NOT_FOUND", { message: "QR code not found", details: { id } });
  if (!z.uuid().safeParse(id).success) throw notFound();
  const query = db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.accountId, accountId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound();
  const [record] = await withLinks(db, [row]);
  return record!;
}
