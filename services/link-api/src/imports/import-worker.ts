import { randomUUID } from "node:crypto";
import { runAsAuditActor } from "@kurz/audit";
import { and, eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { claimImport } from "./claim-import";
import { failImport } from "./fail-import";
import { importFaultOf } from "./import-fault";
import { attemptsExhausted, recordImportFailure } from "./record-import-failure";
import { type RunImportResult, runImport } from "./run-import";

export interface ImportWorkerOptions {
  /** Records applied per transaction. */
  batchSize?: number;
  /** How long a claim holds without a batch committing; another replica takes it over after. */
  leaseMs?: number;
  /** How often queued imports are looked for when nobody called wake(). */
  pollIntervalMs?: number;
  /** Attempts in a row without a batch committing before the import fails (IMPORT_MAX_ATTEMPTS). */
  maxAttempts?: number;
  workerId?: string;
}

export interface ImportWorker {
  readonly workerId: string;
  start(): void;
  /** An import was queued: look now. */
  wake(): void;
  /**
   * Claims one import and runs it; undefined when none was waiting. `maxBatches` stops it after
   * that many batches, its lease kept, as if its process died (tests of resuming). "failed": the
   * attempt ended the import (a fault that cannot clear, or its attempts ran out); a fault that may
   * clear rejects, the import left for another attempt after its lease.
   */
  runOnce(options?: { maxBatches?: number }): Promise<RunImportResult | "failed" | undefined>;
  /** Stops between batches, gives its import's lease back, and waits for the loop to end. */
  stop(): Promise<void>;
}

/**
 * The worker that runs queued imports, one at a time per replica. Every replica may run one:
 * imports are claimed with SKIP LOCKED and held by a lease renewed at each batch. A fault that may
 * clear (the database gone) leaves the lease to expire and the batch is retried then, never
 * counted as row failures; after `maxAttempts` attempts in a row without a batch committing (each
 * claim is one, so a worker that died mid-batch counts too) the import fails
 * IMPORT_ATTEMPTS_EXHAUSTED. A fault that cannot clear (a bug) fails it at once.
 */
export function createImportWorker(ctx: LinkApiContext, options: ImportWorkerOptions = {}): ImportWorker {
  const workerId = options.workerId ?? randomUUID();
  const batchSize = options.batchSize ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 5;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  const attemptFaults = new WeakSet<object>();

  const runOnce: ImportWorker["runOnce"] = async (run = {}) => {
    const job = await claimImport(ctx.db, workerId, ctx.clock.now(), leaseMs);
    if (!job) return undefined;
    if (job.attempts > maxAttempts) {
      // The attempts before ended without recording a failure: their worker's process died.
      const lastError = job.lastError || "the worker running it stopped without finishing a batch";
      const failed = await ctx.db.transaction((tx: LinkApiTransaction) =>
        failImport(tx, ctx, job.id, workerId, attemptsExhausted(job.attempts - 1, lastError), lastError),
      );
      if (!failed) return "lost";
      ctx.logger.error({
        event: "import.failed",
        importId: job.id,
        accountId: job.accountId,
        code: "IMPORT_ATTEMPTS_EXHAUSTED",
        attempts: job.attempts - 1,
        lastError,
      });
      return "failed";
    }
    let batches = 0;
    let result: RunImportResult;
    try {
      // The links it makes are the starter's changes, through the import (the audit log's actor).
      const actor = job.startedBy ? { ...job.startedBy, surface: "import" as const } : undefined;
      result = await runAsAuditActor(actor, () =>
        runImport(ctx, job, {
          workerId,
          batchSize,
          leaseMs,
          shouldStop: () => stopping || (run.maxBatches !== undefined && ++batches >= run.maxBatches),
        }),
      );
    } catch (err) {
      const fault = importFaultOf(err);
      const recorded = await recordImportFailure(ctx, job.id, workerId, fault, maxAttempts).catch(
        (recordErr: unknown) => {
          // The database that failed the batch may fail this too: the attempt is counted anyway
          // (at the next claim), only its message is lost.
          ctx.logger.warn({ event: "import.failure_not_recorded", importId: job.id, err: recordErr });
          return undefined;
        },
      );
      const log = {
        importId: job.id,
        accountId: job.accountId,
        code: fault.code,
        attempt: recorded?.attempts ?? job.attempts,
        maxAttempts,
        err,
      };
      if (recorded?.outcome === "failed") {
        ctx.logger.error({ event: "import.failed", ...log, retryable: fault.retryable });
        return "failed";
      }
      ctx.logger.warn({ event: "import.attempt_failed", ...log });
      if (typeof err === "object" && err !== null) attemptFaults.add(err);
      throw err;
    }
    if (result === "stopped" && stopping) {
      // Given back at once: another replica resumes it without waiting for the lease.
      await ctx.db
        .update(imports)
        .set({ leaseUntil: ctx.clock.now() })
        .where(and(eq(imports.id, job.id), eq(imports.leasedBy, workerId)));
    }
    return result;
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      if (wakeRequested || stopping) {
        wakeRequested = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, pollIntervalMs);
      wakeUp = done;
    });

  const run = async () => {
    while (!stopping) {
      try {
        while (!stopping && (await runOnce()) !== undefined) {}
      } catch (err) {
        // An attempt's fault is logged by runOnce (import.attempt_failed); this is the claim's.
        if (!attemptFaults.has(err as object)) ctx.logger.warn({ event: "import.claim_failed", err });
      }
      await pause();
    }
  };

  return {
    workerId,
    start() {
      loop ??= run();
    },
    wake() {
      if (wakeUp) wakeUp();
      else wakeRequested = true;
    },
    runOnce,
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
