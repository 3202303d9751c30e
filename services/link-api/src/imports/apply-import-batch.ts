import type { ImportRecord } from "@kurz/link-import";
import { and, eq, sql } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { brandedDomains, type ImportRow, type ImportRowError, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { type BulkDraft, createDraftedLinks, draftBulkItem } from "../links/bulk-create-links";
import { MAX_IMPORT_ERRORS, MAX_SUFFIX_ATTEMPTS } from "./import-limits";
import { importRowInput } from "./import-row-input";

export interface BatchOutcome {
  /** False when the import is no longer this worker's to run (cancelled, or its lease taken over). */
  applied: boolean;
  row?: ImportRow;
}

/** Rolls a dry run's transaction back, carrying what it would have done. */
class DryRunDone extends Error {
  constructor(readonly counts: BatchCounts) {
    super("dry run");
  }
}

interface BatchCounts {
  created: number;
  skipped: number;
  failed: number;
  errors: ImportRowError[];
}

function suffixed(alias: string, attempt: number): string | undefined {
  if (attempt > MAX_SUFFIX_ATTEMPTS) return undefined;
  const suffix = `-${attempt}`;
  return `${alias.slice(0, 50 - suffix.length)}${suffix}`;
}

/**
 * Applies one batch of an import's records: every link record becomes a create through the bulk
 * create's rules (validation, destination policy, alias, quota), in ONE transaction that also
 * moves the import's `processed` and counters past the batch, so a crash before the commit redoes
 * the whole batch and one after it never repeats a row. The transaction first checks the import
 * is still this worker's and running (cancel is honoured between batches). A dry run rolls the
 * links back and keeps only the counters. The plan and the account's verified domains are read
 * before (never a call inside a transaction).
 */
export async function applyImportBatch(
  ctx: LinkApiContext,
  job: ImportRow,
  workerId: string,
  records: readonly ImportRecord[],
  leaseMs: number,
): Promise<BatchOutcome> {
  const { accountId, options } = job;
  const plan = await ctx.plans.getPlan(accountId);
  const verified = await ctx.db
    .select({ domain: brandedDomains.domain })
    .from(brandedDomains)
    .where(and(eq(brandedDomains.accountId, accountId), eq(brandedDomains.status, "verified")));
  const verifiedDomains = new Set(verified.map((d) => d.domain));

  const parseErrors = new Map<number, ImportRowError>();
  const drafts: BulkDraft[] = [];
  const draftRows: number[] = [];
  for (const record of records) {
    if (record.kind === "error") {
      parseErrors.set(record.row, { row: record.row, code: record.code, message: record.message });
      continue;
    }
    const input = importRowInput(record.link, options, verifiedDomains);
    drafts.push(await draftBulkItem(ctx, accountId, input, plan, record.link.createdAt));
    draftRows.push(record.row);
  }

  const apply = async (tx: LinkApiTransaction): Promise<BatchCounts | undefined> => {
    const [current] = await tx
      .select({ status: imports.status, leasedBy: imports.leasedBy })
      .from(imports)
      .where(eq(imports.id, job.id))
      .for("update");
    if (current?.status !== "running" || current.leasedBy !== workerId) return undefined;
    const results = await createDraftedLinks(tx, ctx, accountId, plan, drafts, {
      ...(options.onConflict === "suffix" ? { nextAlias: suffixed } : {}),
      ...(options.dryRun ? { extraLinksUsed: job.created } : {}),
    });
    const counts: BatchCounts = { created: 0, skipped: 0, failed: parseErrors.size, errors: [] };
    counts.errors.push(...parseErrors.values());
    results.forEach((result, i) => {
      if (result.success) {
        counts.created++;
        return;
      }
      const row = draftRows[i] as number;
      const skip = result.error.code === "ALIAS_EXISTS" && options.onConflict === "skip";
      if (skip) counts.skipped++;
      else counts.failed++;
      counts.errors.push({ row, code: result.error.code, message: result.error.message });
    });
    counts.errors.sort((a, b) => a.row - b.row);
    if (options.dryRun) throw new DryRunDone(counts);
    await recordProgress(tx, ctx, job.id, records.length, counts, leaseMs);
    return counts;
  };

  try {
    const counts = await ctx.db.transaction(apply);
    if (!counts) return { applied: false };
    ctx.eventsWritten();
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
    const counts = error.counts;
    const moved = await ctx.db.transaction(async (tx: LinkApiTransaction) => {
      const [current] = await tx
        .select({ status: imports.status, leasedBy: imports.leasedBy })
        .from(imports)
        .where(eq(imports.id, job.id))
        .for("update");
      if (current?.status !== "running" || current.leasedBy !== workerId) return false;
      await recordProgress(tx, ctx, job.id, records.length, counts, leaseMs);
      return true;
    });
    if (!moved) return { applied: false };
  }
  const [row] = await ctx.db.select().from(imports).where(eq(imports.id, job.id));
  return { applied: true, ...(row ? { row } : {}) };
}

/** Moves the import past a batch, renews the worker's lease and restarts its count of attempts. */
async function recordProgress(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  importId: string,
  records: number,
  counts: BatchCounts,
  leaseMs: number,
): Promise<void> {
  const errors = JSON.stringify(counts.errors.slice(0, MAX_IMPORT_ERRORS));
  await tx
    .update(imports)
    .set({
      processed: sql`${imports.processed} + ${records}`,
      created: sql`${imports.created} + ${counts.created}`,
      skipped: sql`${imports.skipped} + ${counts.skipped}`,
      failed: sql`${imports.failed} + ${counts.failed}`,
      // The first 1,000 of the whole import: what is kept already, then this batch's.
      errors: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from (
        select e, n from jsonb_array_elements(${imports.errors} || ${errors}::jsonb) with ordinality as t(e, n)
        order by n limit ${MAX_IMPORT_ERRORS}) kept)`,
      leaseUntil: new Date(ctx.clock.now().getTime() + leaseMs),
      // A batch committed: the attempt under way is the first of any failures that follow.
      attempts: 1,
    })
    .where(eq(imports.id, importId));
}
