import type { WebhookExecutor } from "../db/webhook-database";
import { type AttemptRecord, recordAttempts } from "./record-attempts";

export type RecordAttempt = (record: AttemptRecord) => Promise<void>;

/**
 * Group commit for attempt records: a record waits while one write is under way, then goes with
 * every other record that arrived meanwhile in the next one. Alone it is written at once; under
 * load one statement carries many, so the database round trip is not paid per delivery. Each
 * caller's promise settles when its record is durable (a crash before that re-sends the delivery:
 * at-least-once).
 */
export function createAttemptRecorder(db: WebhookExecutor): RecordAttempt {
  let pending: Array<{ record: AttemptRecord; resolve(): void; reject(error: unknown): void }> = [];
  let writing = false;

  async function flush(): Promise<void> {
    writing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await recordAttempts(
          db,
          batch.map((item) => item.record),
        );
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing = false;
  }

  return (record) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ record, resolve, reject });
      if (!writing) void flush();
    });
}
