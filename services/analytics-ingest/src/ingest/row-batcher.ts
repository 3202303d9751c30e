import type { Logger } from "@kurz/logger";

export interface RowBatcherOptions<T> {
  /** For logs and metrics, e.g. the table name. */
  name: string;
  /** A batch is written when it has this many rows... */
  maxRows: number;
  /** ...or when its oldest row has waited this long. */
  maxWaitMs: number;
  /** add() waits while this many rows are held (the consumer pauses instead of growing memory). */
  maxPending: number;
  /** Writes one batch; a throw is retried with backoff, the same rows again. */
  write(rows: T[]): Promise<void>;
  logger: Logger;
}

export interface BatcherStats {
  pending: number;
  writtenRows: number;
  writtenBatches: number;
  failedAttempts: number;
}

export interface RowBatcher<T> {
  /** Queues a row; resolves at once unless the batcher is full, then once there is room. */
  add(row: T): Promise<void>;
  /** Rows queued or being written that match (a conversion looks for its click here). */
  findPending(predicate: (row: T) => boolean): T | undefined;
  /** Writes everything queued so far and resolves once it is in the store. */
  flush(): Promise<void>;
  /**
   * Writes what is queued (retrying until `timeoutMs`), then refuses rows. Rows still unwritten
   * when the deadline passes are lost and logged (`ingest.rows_lost`).
   */
  close(timeoutMs: number): Promise<void>;
  stats(): BatcherStats;
}

const RETRY_INITIAL_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * Batches rows for ClickHouse by size or time, whichever first, one write in flight at a time
 * (ClickHouse prefers few large inserts; order does not matter to it). A failed write keeps its
 * rows at the head and is retried with backoff; meanwhile add() applies backpressure once
 * `maxPending` rows are held.
 */
export function createRowBatcher<T>(options: RowBatcherOptions<T>): RowBatcher<T> {
  const { logger } = options;
  let queue: T[] = [];
  let writing: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let urgent = false;
  let closed = false;
  let giveUpAt = Number.POSITIVE_INFINITY;
  const spaceWaiters: Array<() => void> = [];
  const stats = { writtenRows: 0, writtenBatches: 0, failedAttempts: 0 };

  const held = () => queue.length + writing.length;

  function wakeSpaceWaiters(): void {
    while (spaceWaiters.length > 0 && held() < options.maxPending) spaceWaiters.shift()?.();
  }

  function schedule(): void {
    if (loop) return;
    if (queue.length >= options.maxRows || urgent) {
      clearTimeout(timer);
      timer = undefined;
      loop = runLoop().finally(() => {
        loop = undefined;
        if (queue.length > 0) schedule();
      });
      return;
    }
    if (queue.length > 0 && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        urgent = true;
        schedule();
      }, options.maxWaitMs);
    }
  }

  async function writeWithRetry(batch: T[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.write(batch);
        return true;
      } catch (error) {
        stats.failedAttempts++;
        const delay = Math.min(RETRY_MAX_MS, RETRY_INITIAL_MS * 2 ** (attempt - 1));
        logger.warn(
          {
            event: "ingest.write_failed",
            batcher: options.name,
            rows: batch.length,
            attempt,
            retryInMs: delay,
            err: error,
          },
          "batch write failed",
        );
        if (Date.now() + delay > giveUpAt) return false;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function runLoop(): Promise<void> {
    while (queue.length > 0 && (queue.length >= options.maxRows || urgent)) {
      writing = queue.slice(0, options.maxRows);
      queue = queue.slice(writing.length);
      if (queue.length < options.maxRows) urgent = false;
      const ok = await writeWithRetry(writing);
      if (!ok) {
        logger.error(
          { event: "ingest.rows_lost", batcher: options.name, rows: held() },
          "rows not written at shutdown",
        );
        queue = [];
        writing = [];
        wakeSpaceWaiters();
        return;
      }
      stats.writtenRows += writing.length;
      stats.writtenBatches++;
      writing = [];
      wakeSpaceWaiters();
    }
    if (queue.length > 0) urgent = false;
  }

  async function flush(): Promise<void> {
    while (held() > 0) {
      urgent = true;
      schedule();
      await loop;
      if (giveUpAt !== Number.POSITIVE_INFINITY && Date.now() > giveUpAt) return;
    }
  }

  return {
    async add(row) {
      if (closed) throw new Error(`row batcher ${options.name} is closed`);
      while (held() >= options.maxPending) {
        await new Promise<void>((resolve) => spaceWaiters.push(resolve));
      }
      queue.push(row);
      schedule();
    },
    findPending(predicate) {
      return writing.find(predicate) ?? queue.find(predicate);
    },
    flush,
    async close(timeoutMs) {
      if (closed) return;
      closed = true;
      giveUpAt = Date.now() + timeoutMs;
      await flush();
      clearTimeout(timer);
    },
    stats: () => ({ pending: held(), ...stats }),
  };
}
