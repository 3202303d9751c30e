import { type Clock, systemClock } from "@kurz/clock";
import { type BackoffOptions, backoffDelay } from "@kurz/events";
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
  /**
   * The waits between writes while the database cannot be reached (default 100 ms doubling to
   * 5 s, jittered).
   */
  unavailableBackoff?: BackoffOptions;
  /** Whose time a record's claim ends by (the records' `claimedUntil`). */
  clock?: Clock;
  /**
   * Aborted when the worker stops: a record waiting out an outage is tried once more at once,
   * then given up (its delivery is sent again after its claim, as after a crash).
   */
  stopping?: AbortSignal;
  /** Where a record that cannot be written (alone, or at all) is reported. */
  logger?: Pick<Logger, "error">;
}

interface Waiting {
  record: AttemptRecord;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit for attempt records: a record waits `lingerMs` for others (and for a write under
 * way), then goes with every other record that arrived meanwhile in one statement, so the
 * database round trips are not paid per delivery. Each caller's promise settles when its record
 * is durable (a crash before that re-sends the delivery: at-least-once).
 *
 * The database out of reach is transient: the records wait (their deliveries stay held, so none
 * is sent again) and are written once it answers — as long as their claim lasts. A record whose
 * claim ended meanwhile is given up: another worker may be sending its delivery by now. A write
 * whose reply was lost and is made again changes nothing the first did not (recordAttempts is
 * idempotent per attempt).
 */
export function createAttemptRecorder(
  db: WebhookExecutor,
  options: AttemptRecorderOptions = {},
): RecordAttempt {
  const lingerMs = options.lingerMs ?? 10;
  const maxBatch = options.maxBatch ?? 500;
  const backoff = options.unavailableBackoff ?? { initialMs: 100, maxMs: 5_000 };
  const clock = options.clock ?? systemClock;
  const pending: Waiting[] = [];
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Writes in a row that found the database out of reach (0: it answered last time). */
  let unreachable = 0;

  options.stopping?.addEventListener("abort", () => {
    // Waiting out an outage: one last try now rather than after the backoff.
    if (unreachable > 0 && !writing && pending.length > 0) void flush();
  });

  function schedule(): void {
    if (writing || pending.length === 0) return;
    if (pending.length >= maxBatch && unreachable === 0) void flush();
    else
      timer ??= setTimeout(
        () => void flush(),
        unreachable > 0 ? backoffDelay(unreachable, backoff) : lingerMs,
      );
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = true;
    const batch = pending.splice(0, maxBatch);
    let retry: Waiting[] = [];
    try {
      await recordAttempts(
        db,
        batch.map((item) => item.record),
      );
      for (const item of batch) item.resolve();
    } catch (error) {
      if (isDatabaseUnavailable(error)) retry = batch;
      // One record the statement refused must not fail everyone's: each is written alone.
      else if (batch.length === 1) batch[0]!.reject(error);
      else
        retry = (await Promise.all(batch.map((item) => writeAlone(item)))).filter(
          (item) => item !== undefined,
        );
      if (retry.length > 0) retry = keepWhileClaimed(retry, error);
    }
    unreachable = retry.length > 0 ? unreachable + 1 : 0;
    // Records kept for a retry go first, before what came meanwhile.
    pending.unshift(...retry);
    writing = false;
    // What came during the write waits its linger too, unless a full batch is ready: back-to-back
    // writes of the few records each write's round trip lets in would cost a statement apiece.
    schedule();
  }

  /** The records that may still be written after an outage; the others are given up, visibly. */
  function keepWhileClaimed(items: readonly Waiting[], error: unknown): Waiting[] {
    const now = clock.now().getTime();
    const kept: Waiting[] = [];
    for (const item of items) {
      if (!options.stopping?.aborted && now < item.record.claimedUntil.getTime()) {
        kept.push(item);
        continue;
      }
      options.logger?.error(
        { event: "webhook.attempt_record_lost", deliveryId: item.record.deliveryId, err: error },
        "the database stayed out of reach until the attempt's claim ended (or the worker stopped): the delivery will be sent again",
      );
      item.reject(error);
    }
    return kept;
  }

  /**
   * A record on its own; refused, once more without the receiver's answer (the part that comes
   * from outside), so the delivery moves on instead of being sent again at every lease's end.
   * Answers the record when the database was out of reach (to be tried again with the others).
   */
  async function writeAlone(item: Waiting): Promise<Waiting | undefined> {
    try {
      await recordAttempts(db, [item.record]);
      item.resolve();
      return;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return item;
      options.logger?.error(
        { event: "webhook.attempt_record_failed", deliveryId: item.record.deliveryId, err: error },
        "an attempt record was refused: written again without the receiver's answer",
      );
    }
    try {
      await recordAttempts(db, [
        { ...item.record, responseExcerpt: "", failureDetail: "(the attempt's record was refused)" },
      ]);
      item.resolve();
    } catch (error) {
      if (isDatabaseUnavailable(error)) return item;
      item.reject(error);
    }
  }

  return (record) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ record, resolve, reject });
      schedule();
    });
}
