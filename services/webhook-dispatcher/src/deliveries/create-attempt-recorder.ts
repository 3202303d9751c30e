import type { Logger } from "@kurz/logger";
import { isDatabaseUnavailable } from "@kurz/relational";
import type { WebhookExecutor } from "../db/webhook-database";
import { type AttemptRecord, recordAttempts } from "./record-attempts";

export type RecordAttempt = (record: AttemptRecord) => Promise<void>;

export interface AttemptRecorderOptions {
  /**
   * How long a record waits for others before a write starts, when none is under way (default
   * 10 ms). A delivery's request slot is free before its record is written, so this delays only
   * the log (and the release of the delivery's claim), not the deliveries; what it saves is a
   * statement per record: at 3,000 deliveries a second, ~50 records go together instead of ~6
   * (bench/run-delivery-bench.ts). A crash loses at most this much of the log: those deliveries
   * are sent again.
   */
  lingerMs?: number;
  /** A write starts at once when this many records wait (default 500). */
  maxBatch?: number;
  /** Where a record that cannot be written alone is reported. */
  logger?: Pick<Logger, "error">;
}

/**
 * Group commit for attempt records: a record waits `lingerMs` for others (and for a write under
 * way), then goes with every other record that arrived meanwhile in one statement, so the
 * database round trips are not paid per delivery. Each caller's promise settles when its record
 * is durable (a crash before that re-sends the delivery: at-least-once).
 */
export function createAttemptRecorder(
  db: WebhookExecutor,
  options: AttemptRecorderOptions = {},
): RecordAttempt {
  const lingerMs = options.lingerMs ?? 10;
  const maxBatch = options.maxBatch ?? 500;
  const pending: Array<{ record: AttemptRecord; resolve(): void; reject(error: unknown): void }> = [];
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = true;
    const batch = pending.splice(0, maxBatch);
    try {
      await recordAttempts(
        db,
        batch.map((item) => item.record),
      );
      for (const item of batch) item.resolve();
    } catch (error) {
      // One record the statement refused must not fail everyone's: unless the database is down
      // (then every record fails alike), each is written alone.
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const item of batch) item.reject(error);
      } else {
        await Promise.all(batch.map((item) => writeAlone(item)));
      }
    }
    writing = false;
    // What came during the write waits its linger too, unless a full batch is ready: back-to-back
    // writes of the few records each write's round trip lets in would cost a statement apiece.
    if (pending.length >= maxBatch) void flush();
    else if (pending.length > 0) timer ??= setTimeout(() => void flush(), lingerMs);
  }

  /**
   * A record on its own; refused, once more without the receiver's answer (the part that comes
   * from outside), so the delivery moves on instead of being sent again at every lease's end.
   */
  async function writeAlone(item: (typeof pending)[number]): Promise<void> {
    try {
      await recordAttempts(db, [item.record]);
      item.resolve();
      return;
    } catch (error) {
      options.logger?.error(
        { event: "webhook.attempt_record_failed", deliveryId: item.record.deliveryId, err: error },
        "an attempt record was refused: written again without the receiver's answer",
      );
      if (isDatabaseUnavailable(error)) return item.reject(error);
    }
    try {
      await recordAttempts(db, [
        { ...item.record, responseExcerpt: "", failureDetail: "(the attempt's record was refused)" },
      ]);
      item.resolve();
    } catch (error) {
      item.reject(error);
    }
  }

  return (record) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ record, resolve, reject });
      if (writing) return;
      if (pending.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), lingerMs);
    });
}
