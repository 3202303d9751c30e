import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { and, eq, inArray } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type ImportRow, importChunks, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { getImportOrThrow } from "./get-import-or-throw";

/**
 * Cancels a queued or running import. A running one stops at its next batch (the batch under way
 * commits or not as a whole; its worker sees the status before the next). A finished import is 409
 * INVALID_STATE.
 */
export async function cancelImport(ctx: LinkApiContext, accountId: string, id: string): Promise<ImportRow> {
  const existing = await getImportOrThrow(ctx.db, accountId, id);
  const cancelled = await ctx.db.transaction(async (tx: LinkApiTransaction) => {
    const [row] = await tx
      .update(imports)
      .set({ status: "cancelled", finishedAt: ctx.clock.now(), leaseUntil: null, leasedBy: null })
      .where(and(eq(imports.id, existing.id), inArray(imports.status, ["queued", "running"])))
      .returning();
    if (!row) {
      throw new AppError("INVALID_STATE", {
        message: `The import is already ${existing.status}`,
        details: { status: existing.status },
      });
    }
    // Its file is not needed any more; a running worker's chunk reads end and it stops.
    await tx.delete(importChunks).where(eq(importChunks.importId, row.id));
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: accountId,
      action: "import.cancelled",
      target: { type: "import", id: row.id },
      before: { status: existing.status },
      after: { status: row.status },
      at: ctx.clock.now(),
    });
    return row;
  });
  ctx.eventsWritten();
  return cancelled;
}
