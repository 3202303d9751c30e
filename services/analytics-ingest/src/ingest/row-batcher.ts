import type { Logger } from "@kurz/logger";

export interface RowBatcherOptions<T> {
  /** For logs and metrics, e.g. the table name. */
  name: string;
  /** A batch is written when it has this many rows... */
  maxRows: number;
  /** ...or when its oldest row has waited this long. */
  maxWaitMs: number;
  /** write() waits while this many rows are held (the consumer pauses instead of growing memory). */
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
  /** Times queued rows waited the whole maxWaitMs for company (the timer wrote them). */
  expiredWaits: number;
}

export interface RowBatcher<T> {
  /**
   * Queues rows and resolves once every one of them is in the store, written together with
   * whatever else was queued (by size or time). Waits for room first while `maxPending` rows are
   * held. `now`: write without waiting for company. Rejects when the batcher closes before the
   * rows could be written, or after it closed.
   */
  write(rows: readonly T[], options?: { now?: boolean }): Promise<void>;
  /** Rows queued or being written that match (a conversion looks for its click here). */
  findPending(predicate: (row: T) => boolean): T | undefined;
  /** From now on every queued row is written at once: a stopping consumer does not wait for the timer. */
  expedite(): void;
  /** Writes everything queued so far and resolves once it is in the store. */
  flush(): Promise<void>;
  /**
   * Writes what is queued (retrying until `timeoutMs`), then refuses rows. Rows still unwritten
   * when the deadline passes are given up (`ingest.rows_lost`): their write() rejects, so the
   * consumer does not acknowledge them.
   */
  close(timeoutMs: number): Promise<void>;
  stats(): BatcherStats;
}

/** One write() call: resolved when the last of its rows is written. */
interface Ticket {
  left: number;
  now: boolean;
  resolve(): void;
  reject(error: Error): void;
}

const RETRY_INITIAL_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * Batches rows for ClickHouse by size or time, whichever first, one write in flight at a time
 * (ClickHouse prefers few large inserts; order does not matter to it). Rows of several write()
 * calls (consumer batches of several partitions) share one insert, and each call resolves once
 * its rows are in. A failed write keeps its rows at the head and is retried with backoff.
 */
export function createRowBatcher<T>(options: RowBatcherOptions<T>): RowBatcher<T> {
  const { logger } = options;
  // Parallel arrays: the row and the write() call it came from.
  let queue: T[] = [];
  let queueTickets: Ticket[] = [];
  let writing: T[] = [];
  let writingTickets: Ticket[] = [];
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let urgent = false;
  let hurry = false;
  /** Queued rows of write(..., { now }) calls: while there are any, the queue is due. */
  let nowQueued = 0;
  let closed = false;
  let giveUpAt = Number.POSITIVE_INFINITY;
  const spaceWaiters: Array<() => void> = [];
  const stats = { writtenRows: 0, writtenBatches: 0, failedAttempts: 0, expiredWaits: 0 };

  const held = () => queue.length + writing.length;
  const due = () => queue.length >= options.maxRows || urgent || hurry || nowQueued > 0;

  function wakeSpaceWaiters(): void {
    while (spaceWaiters.length > 0 && held() < options.maxPending) spaceWaiters.shift()?.();
  }

  function schedule(): void {
    if (loop) return;
    if (queue.length > 0 && due()) {
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
        stats.expiredWaits++;
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

  function giveUp(): void {
    logger.error(
      { event: "ingest.rows_lost", batcher: options.name, rows: held() },
      "rows not written at shutdown; they stay unacknowledged and come again",
    );
    const error = new Error(`row batcher ${options.name} gave up writing`);
    for (const ticket of new Set([...writingTickets, ...queueTickets])) ticket.reject(error);
    queue = [];
    queueTickets = [];
    nowQueued = 0;
    writing = [];
    writingTickets = [];
    wakeSpaceWaiters();
  }

  async function runLoop(): Promise<void> {
    while (queue.length > 0 && due()) {
      writing = queue.slice(0, options.maxRows);
      writingTickets = queueTickets.slice(0, writing.length);
      queue = queue.slice(writing.length);
      queueTickets = queueTickets.slice(writing.length);
      for (const ticket of writingTickets) if (ticket.now) nowQueued--;
      if (queue.length < options.maxRows) urgent = false;
      if (!(await writeWithRetry(writing))) return giveUp();
      stats.writtenRows += writing.length;
      stats.writtenBatches++;
      const done = writingTickets;
      writing = [];
      writingTickets = [];
      for (const ticket of done) if (--ticket.left === 0) ticket.resolve();
      wakeSpaceWaiters();
    }
    // Whatever made this round urgent has been written; rows queued later wait for their timer.
    urgent = false;
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
    async write(rows, writeOptions = {}) {
      if (closed) throw new Error(`row batcher ${options.name} is closed`);
      if (rows.length === 0) return;
      // A write larger than the whole allowance still goes through once nothing else is held.
      while (held() > 0 && held() + rows.length > options.maxPending) {
        await new Promise<void>((resolve) => spaceWaiters.push(resolve));
      }
      if (closed) throw new Error(`row batcher ${options.name} is closed`);
      const written = new Promise<void>((resolve, reject) => {
        const ticket: Ticket = { left: rows.length, now: writeOptions.now === true, resolve, reject };
        for (const row of rows) {
          queue.push(row);
          queueTickets.push(ticket);
        }
      });
      if (writeOptions.now) nowQueued += rows.length;
      schedule();
      return written;
    },
    findPending(predicate) {
      return writing.find(predicate) ?? queue.find(predicate);
    },
    expedite() {
      hurry = true;
      schedule();
    },
    flush,
    async close(timeoutMs) {
      if (closed) return;
      closed = true;
      hurry = true;
      giveUpAt = Date.now() + timeoutMs;
      await flush();
      clearTimeout(timer);
    },
    stats: () => ({ pending: held(), ...stats }),
  };
}
