import { DEFAULT_MAX_BYTES, type ImportFormat, type ImportRecord, parseImport } from "@kurz/link-import";
import { and, eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type ImportRow, importChunks, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { applyImportBatch } from "./apply-import-batch";
import { readImportChunks } from "./read-import-chunks";

export interface RunImportOptions {
  workerId: string;
  batchSize: number;
  leaseMs: number;
  /** Asked between batches: true stops (the lease is left to expire, or given back by the caller). */
  shouldStop: () => boolean;
}

export type RunImportResult = "finished" | "stopped" | "lost";

/**
 * Runs a claimed import from where it got to: its chunks streamed through the parser, the first
 * `processed` records skipped (they were applied by an earlier run), the rest applied in batches.
 * At the end it is completed (failed when the file as a whole was unreadable: a record of row 0)
 * and its chunks are deleted.
 */
export async function runImport(
  ctx: LinkApiContext,
  job: ImportRow,
  options: RunImportOptions,
): Promise<RunImportResult> {
  const records = parseImport(readImportChunks(ctx.db, job.id), {
    format: job.format as ImportFormat,
    // The upload's own limit (IMPORT_MAX_BYTES) was applied when it was stored.
    maxBytes: Math.max(job.bytes, DEFAULT_MAX_BYTES),
  });
  // The import as the last batch left it (a dry run's quota counts what earlier batches made).
  let current = job;
  let seen = 0;
  let fileError = false;
  let batch: ImportRecord[] = [];
  const flush = async (): Promise<boolean> => {
    if (batch.length === 0) return true;
    const outcome = await applyImportBatch(ctx, current, options.workerId, batch, options.leaseMs);
    batch = [];
    if (outcome.row) current = outcome.row;
    return outcome.applied;
  };
  for await (const record of records) {
    seen++;
    if (record.kind === "error" && record.row === 0) fileError = true;
    if (seen <= job.processed) continue;
    batch.push(record);
    if (batch.length >= options.batchSize) {
      if (!(await flush())) return "lost";
      if (options.shouldStop()) return "stopped";
    }
  }
  if (!(await flush())) return "lost";
  const finished = await ctx.db.transaction(async (tx: LinkApiTransaction) => {
    const [row] = await tx
      .update(imports)
      .set({
        status: fileError ? "failed" : "completed",
        total: seen,
        finishedAt: ctx.clock.now(),
        leaseUntil: null,
        leasedBy: null,
      })
      .where(
        and(eq(imports.id, job.id), eq(imports.status, "running"), eq(imports.leasedBy, options.workerId)),
      )
      .returning({ id: imports.id });
    if (row) await tx.delete(importChunks).where(eq(importChunks.importId, job.id));
    return row !== undefined;
  });
  if (!finished) return "lost";
  ctx.logger.info({
    event: "import.finished",
    importId: job.id,
    accountId: job.accountId,
    status: fileError ? "failed" : "completed",
    total: seen,
    dryRun: job.options.dryRun,
  });
  return "finished";
}
