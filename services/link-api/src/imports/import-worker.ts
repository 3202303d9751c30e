import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { claimImport } from "./claim-import";
import { type RunImportResult, runImport } from "./run-import";

export interface ImportWorkerOptions {
  /** Records applied per transaction. */
  batchSize?: number;
  /** How long a claim holds without a batch committing; another replica takes it over after. */
  leaseMs?: number;
  /** How often queued imports are looked for when nobody called wake(). */
  pollIntervalMs?: number;
  workerId?: string;
}

export interface ImportWorker {
  readonly workerId: string;
  start(): void;
  /** An import was queued: look now. */
  wake(): void;
  /**
   * Claims one import and runs it; undefined when none was waiting. `maxBatches` stops it after
   * that many batches, its lease kept, as if its process died (tests of resuming).
   */
  runOnce(options?: { maxBatches?: number }): Promise<RunImportResult | undefined>;
  /** Stops between batches, gives its import's lease back, and waits for the loop to end. */
  stop(): Promise<void>;
}

/**
 * The worker that runs queued imports, one at a time per replica. Every replica may run one:
 * imports are claimed with SKIP LOCKED and held by a lease renewed at each batch. A failure (the
 * database gone) leaves the lease to expire and the batch is retried then, never counted as row
 * failures.
 */
export function createImportWorker(ctx: LinkApiContext, options: ImportWorkerOptions = {}): ImportWorker {
  const workerId = options.workerId ?? randomUUID();
  const batchSize = options.batchSize ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;

  const runOnce: ImportWorker["runOnce"] = async (run = {}) => {
    const job = await claimImport(ctx.db, workerId, ctx.clock.now(), leaseMs);
    if (!job) return undefined;
    let batches = 0;
    const result = await runImport(ctx, job, {
      workerId,
      batchSize,
      leaseMs,
      shouldStop: () => stopping || (run.maxBatches !== undefined && ++batches >= run.maxBatches),
    });
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
        ctx.logger.warn({ event: "import.batch_failed", err });
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
