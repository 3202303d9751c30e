import { and, eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type ImportRowError, importChunks, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { MAX_IMPORT_ERRORS } from "./import-limits";

/**
 * Ends a running import as failed, its reason first among its errors (row 0: the import as a
 * whole, as for a file that cannot be read), if it is still this worker's. Its file is deleted,
 * as at any end. The batches committed before stay (each was whole).
 */
export async function failImport(
  tx: LinkApiTransaction,
  ctx: Pick<LinkApiContext, "clock">,
  importId: string,
  workerId: string,
  reason: ImportRowError,
  lastError: string,
): Promise<boolean> {
  const [current] = await tx
    .select({ status: imports.status, leasedBy: imports.leasedBy, errors: imports.errors })
    .from(imports)
    .where(eq(imports.id, importId))
    .for("update");
  if (current?.status !== "running" || current.leasedBy !== workerId) return false;
  await tx
    .update(imports)
    .set({
      status: "failed",
      errors: [reason, ...current.errors].slice(0, MAX_IMPORT_ERRORS),
      lastError,
      finishedAt: ctx.clock.now(),
      leaseUntil: null,
      leasedBy: null,
    })
    .where(and(eq(imports.id, importId), eq(imports.leasedBy, workerId)));
  await tx.delete(importChunks).where(eq(importChunks.importId, importId));
  return true;
}
