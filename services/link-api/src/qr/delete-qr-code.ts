import { recordChange } from "@kurz/audit";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { links, qrCodes } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { keepDeletedLink } from "../links/deleted-code-quarantine";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";
import { enqueueQrChanged } from "./enqueue-qr-changed";
import { getQrCodeOrThrow } from "./get-qr-code-or-throw";
import { qrAuditFields } from "./qr-audit-fields";
import type { QrRecord } from "./qr-record";

/** Deletes a QR code and its short link (nothing else may point at it). */
export async function deleteQrCode(ctx: LinkApiContext, accountId: string, id: string): Promise<QrRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getQrCodeOrThrow(tx, accountId, id, { forUpdate: true });
    await tx.delete(qrCodes).where(eq(qrCodes.id, current.id));
    if (current.link) {
      await tx.delete(links).where(eq(links.id, current.link.id));
      // The printed symbol encodes this code: it is quarantined like any deleted link's.
      await keepDeletedLink(tx, ctx, current.link);
      await enqueueLinkChanged(tx, "link.deleted", ctx.clock.now(), current.link, { audit: false });
    }
    await enqueueQrChanged(tx, "qr.deleted", ctx.clock.now(), current, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: current.accountId,
      action: "qr.deleted",
      target: { type: "qr_code", id: current.id },
      before: qrAuditFields(current),
      at: ctx.clock.now(),
    });
    return current;
  });
  ctx.eventsWritten();
  return record;
}
