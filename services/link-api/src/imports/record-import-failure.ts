import { eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { failImport } from "./fail-import";
import type { ImportFault } from "./import-fault";

/** The code of an import failed because its attempts ran out (in its errors, row 0). */
export const ATTEMPTS_EXHAUSTED = "IMPORT_ATTEMPTS_EXHAUSTED";

export interface ImportFailureOutcome {
  /** retry: left to its lease, tried again after it; failed: ended now; lost: no longer this worker's. */
  outcome: "retry" | "failed" | "lost";
  /** Attempts in a row without a committed batch, this one included. */
  attempts: number;
}

/** The row-0 error of an import whose attempts ran out. */
export function attemptsExhausted(attempts: number, lastError: string) {
  return {
    row: 0,
    code: ATTEMPTS_EXHAUSTED,
    message: `${attempts} attempts in a row failed without a batch committing; the last: ${lastError}`,
  };
}

/**
 * Records an attempt that stopped on a fault (the batch under way rolled back whole). A fault that
 * may clear leaves the import running for its lease to expire and another attempt to take it,
 * unless this was its IMPORT_MAX_ATTEMPTS-th in a row: then it fails IMPORT_ATTEMPTS_EXHAUSTED,
 * with the fault's message. A fault that cannot clear fails it at once, with the fault's code.
 */
export async function recordImportFailure(
  ctx: Pick<LinkApiContext, "db" | "clock">,
  importId: string,
  workerId: string,
  fault: ImportFault,
  maxAttempts: number,
): Promise<ImportFailureOutcome> {
  return ctx.db.transaction(async (tx: LinkApiTransaction) => {
    const [current] = await tx
      .select({ status: imports.status, leasedBy: imports.leasedBy, attempts: imports.attempts })
      .from(imports)
      .where(eq(imports.id, importId))
      .for("update");
    const attempts = current?.attempts ?? 0;
    if (current?.status !== "running" || current.leasedBy !== workerId) return { outcome: "lost", attempts };
    if (fault.retryable && attempts < maxAttempts) {
      await tx.update(imports).set({ lastError: fault.message }).where(eq(imports.id, importId));
      return { outcome: "retry", attempts };
    }
    const reason = fault.retryable
      ? attemptsExhausted(attempts, fault.message)
      : { row: 0, code: fault.code, message: fault.message };
    await failImport(tx, ctx, importId, workerId, reason, fault.message);
    return { outcome: "failed", attempts };
  });
}
