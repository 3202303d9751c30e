import { AppError } from "@kurz/errors";
import { type BackoffOptions, backoffDelay } from "./backoff-delay";
import type { EventLogger } from "./event-logger";
import type { EventMessage } from "./event-message";
import { sleepUnlessAborted } from "./sleep-unless-aborted";

export interface ProducerOptions {
  /** Most messages held (waiting + in flight) before `send` rejects with BUFFER_FULL. Default 10 000. */
  maxBufferedMessages?: number;
  /** Most bytes (keys + values + headers) held before `send` rejects with BUFFER_FULL. Default 16 MiB. */
  maxBufferedBytes?: number;
  /** Most messages per delivery to the broker. Default 500. */
  batchSize?: number;
  /** How long a partial batch waits for company before it is sent. Default 20 ms. */
  lingerMs?: number;
  /** Backoff between delivery attempts while the broker is unreachable. Default 100 ms .. 5 s. */
  retryBackoff?: BackoffOptions;
  /** Default deadline of `flush()` and `close()`. Default 10 s. */
  flushTimeoutMs?: number;
}

export interface ProducerStats {
  /** Messages accepted and waiting for a batch. */
  buffered: number;
  /** Bytes held, waiting and in flight. */
  bufferedBytes: number;
  /** Messages of the batch being delivered (or retried) now. */
  inFlight: number;
  /** Messages the broker acknowledged. */
  delivered: number;
  /** `send` calls refused with BUFFER_FULL. */
  rejected: number;
  /** Failed delivery attempts (each one retried). */
  failedAttempts: number;
}

/**
 * Fire-and-forget publishing with a bounded memory: `send` enqueues and returns at once; a
 * background loop delivers batches and retries them until the broker takes them.
 */
export interface EventProducer {
  /**
   * Enqueues one message. Resolves once it is buffered (not delivered); rejects with
   * AppError BUFFER_FULL when the buffer is full, VALIDATION_ERROR for an unknown topic and
   * INVALID_STATE after `close`. The message's bytes are not copied: do not reuse them.
   */
  send(topic: string, message: EventMessage): Promise<void>;
  /**
   * send() without a promise, for hot paths (a click per redirect): enqueues or throws the
   * AppError send() would reject with (BUFFER_FULL, VALIDATION_ERROR, INVALID_STATE).
   */
  enqueue(topic: string, message: EventMessage): void;
  /** Resolves when everything buffered so far is delivered; rejects with TIMEOUT after timeoutMs. */
  flush(timeoutMs?: number): Promise<void>;
  /** Refuses new sends, flushes (up to timeoutMs), then disconnects. Rejects with TIMEOUT if messages were left. */
  close(timeoutMs?: number): Promise<void>;
  stats(): ProducerStats;
}

export interface OutgoingMessage {
  topic: string;
  message: EventMessage;
  bytes: number;
}

export interface BufferedProducerDeps {
  logger: EventLogger;
  acceptsTopic(topic: string): boolean;
  /** Delivers one batch in order, or throws; a thrown batch is retried whole. */
  deliver(batch: readonly OutgoingMessage[]): Promise<void>;
  disconnect(): Promise<void>;
}

const defaults = {
  maxBufferedMessages: 10_000,
  maxBufferedBytes: 16 * 1024 * 1024,
  batchSize: 500,
  lingerMs: 20,
  retryBackoff: { initialMs: 100, maxMs: 5_000 },
  flushTimeoutMs: 10_000,
} satisfies Required<ProducerOptions>;

/** What a successful send() returns: one settled promise serves every call. */
const RESOLVED = Promise.resolve();

/** How often a full buffer is logged at most: one outage must not flood the logs. */
const BUFFER_FULL_LOG_INTERVAL_MS = 1_000;

/** What a message holds against the byte budget; send() runs per click, so nothing is allocated. */
function messageBytes(message: EventMessage): number {
  let bytes = Buffer.byteLength(message.key, "utf8") + message.value.byteLength;
  const { headers } = message;
  for (const name in headers) bytes += name.length + (headers[name]?.length ?? 0);
  return bytes;
}

/**
 * The buffer both adapters share. Batches go out one at a time and a failed batch is retried
 * before anything behind it, so per-key order survives retries.
 */
export function createBufferedProducer(
  deps: BufferedProducerDeps,
  options: ProducerOptions = {},
): EventProducer {
  const settings = { ...defaults, ...options };
  const { logger } = deps;
  const queue: OutgoingMessage[] = [];
  let inFlight: readonly OutgoingMessage[] = [];
  let bufferedBytes = 0;
  let delivered = 0;
  let rejected = 0;
  let failedAttempts = 0;
  let closed = false;
  let urgent = 0;
  let loop: Promise<void> | undefined;
  let endLinger: (() => void) | undefined;
  let lastBufferFullLog = 0;
  let rejectedSinceLog = 0;
  const idleWaiters = new Set<() => void>();
  const abandon = new AbortController();

  const isIdle = () => queue.length === 0 && inFlight.length === 0;

  function notifyIdle() {
    if (!isIdle()) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters.clear();
  }

  function lingerWait(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        endLinger = undefined;
        resolve();
      };
      const timer = setTimeout(done, settings.lingerMs);
      endLinger = done;
    });
  }

  async function deliverWithRetry(batch: readonly OutgoingMessage[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await deps.deliver(batch);
        if (attempt > 1)
          logger.info({ event: "events.send_recovered", messages: batch.length, attempts: attempt });
        return true;
      } catch (error) {
        failedAttempts++;
        const delayMs = backoffDelay(attempt, settings.retryBackoff);
        logger.warn({
          event: "events.send_failed",
          messages: batch.length,
          attempt,
          retryInMs: delayMs,
          error: error instanceof Error ? error.message : String(error),
        });
        if (!(await sleepUnlessAborted(delayMs, abandon.signal))) return false;
      }
    }
  }

  async function runLoop(): Promise<void> {
    while (queue.length > 0 && !abandon.signal.aborted) {
      if (queue.length < settings.batchSize && urgent === 0 && !closed) await lingerWait();
      const batch = queue.splice(0, settings.batchSize);
      inFlight = batch;
      const ok = await deliverWithRetry(batch);
      inFlight = [];
      if (!ok) {
        queue.unshift(...batch);
        return;
      }
      delivered += batch.length;
      for (const item of batch) bufferedBytes -= item.bytes;
      notifyIdle();
    }
  }

  function ensureLoop() {
    if (loop) return;
    loop = runLoop().finally(() => {
      loop = undefined;
      if (queue.length > 0 && !abandon.signal.aborted) ensureLoop();
      else notifyIdle();
    });
  }

  function logBufferFull(topic: string) {
    rejectedSinceLog++;
    const now = Date.now();
    if (now - lastBufferFullLog < BUFFER_FULL_LOG_INTERVAL_MS) return;
    logger.warn({
      event: "events.buffer_full",
      topic,
      rejected: rejectedSinceLog,
      rejectedTotal: rejected,
      buffered: queue.length + inFlight.length,
      bufferedBytes,
    });
    lastBufferFullLog = now;
    rejectedSinceLog = 0;
  }

  /** Enqueues, or throws the AppError send() rejects with. */
  function enqueue(topic: string, message: EventMessage): void {
    if (closed) throw new AppError("INVALID_STATE", { message: "Event producer is closed" });
    if (!deps.acceptsTopic(topic)) {
      throw new AppError("VALIDATION_ERROR", { message: `Unknown event topic ${topic}`, details: { topic } });
    }
    const bytes = messageBytes(message);
    if (bytes > settings.maxBufferedBytes) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Event message is larger than the producer buffer",
        details: { topic, bytes, maxBufferedBytes: settings.maxBufferedBytes },
      });
    }
    const held = queue.length + inFlight.length;
    if (held + 1 > settings.maxBufferedMessages || bufferedBytes + bytes > settings.maxBufferedBytes) {
      rejected++;
      logBufferFull(topic);
      throw new AppError("BUFFER_FULL", {
        details: {
          topic,
          buffered: held,
          maxBufferedMessages: settings.maxBufferedMessages,
          maxBufferedBytes: settings.maxBufferedBytes,
        },
      });
    }
    queue.push({ topic, message, bytes });
    bufferedBytes += bytes;
    if (queue.length >= settings.batchSize) endLinger?.();
    ensureLoop();
  }

  function send(topic: string, message: EventMessage): Promise<void> {
    try {
      enqueue(topic, message);
      return RESOLVED;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async function flush(timeoutMs = settings.flushTimeoutMs): Promise<void> {
    if (isIdle()) return;
    urgent++;
    endLinger?.();
    let timer: NodeJS.Timeout | undefined;
    let onIdle: (() => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        onIdle = resolve;
        idleWaiters.add(resolve);
        timer = setTimeout(() => {
          reject(
            new AppError("TIMEOUT", {
              message: "Timed out delivering buffered events",
              details: { buffered: queue.length + inFlight.length },
            }),
          );
        }, timeoutMs);
      });
    } finally {
      urgent--;
      clearTimeout(timer);
      if (onIdle) idleWaiters.delete(onIdle);
    }
  }

  async function close(timeoutMs = settings.flushTimeoutMs): Promise<void> {
    if (closed) return;
    closed = true;
    let failure: unknown;
    try {
      await flush(timeoutMs);
    } catch (error) {
      failure = error;
      logger.error({ event: "events.undelivered", messages: queue.length + inFlight.length });
    }
    abandon.abort();
    await loop;
    await deps.disconnect();
    if (failure) throw failure;
  }

  return {
    send,
    enqueue,
    flush,
    close,
    stats: () => ({
      buffered: queue.length,
      bufferedBytes,
      inFlight: inFlight.length,
      delivered,
      rejected,
      failedAttempts,
    }),
  };
}
