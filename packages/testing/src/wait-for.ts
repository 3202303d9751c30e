import { setTimeout as pause } from "node:timers/promises";
import { inspect } from "node:util";

/**
 * How a test waits for something that happens asynchronously (an event consumed, a cache
 * invalidated, a row written, a page updated): read, check, pause, read again. The bound only
 * turns "never" into a failure that says what was awaited and what was last seen; it is not a
 * speed assertion, so it is generous, and a test that needs time to pass reads a TestClock
 * (@kurz/clock) instead of waiting for it.
 */
export interface WaitForOptions<T> {
  /** What is awaited, as the failure names it: "the click to be counted". */
  what: string;
  /** The condition on what `read` returned. Without it, any truthy value ends the wait. */
  until?: (value: T) => boolean;
  /** When to give up, in ms (default 30 s, the whole test's budget on a loaded two-core machine). */
  timeoutMs?: number;
  /** The pause between reads, in ms (default 50). Raise it when each read costs (a rate-limited route). */
  intervalMs?: number;
  /**
   * Ends the wait at once with the signal's reason: what is awaited can no longer happen (the
   * child process that was to become ready has exited).
   */
  signal?: AbortSignal;
}

export const WAIT_FOR_DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_INTERVAL_MS = 50;

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

/**
 * Calls `read` until its value meets `until` (or is truthy), and returns that value. A read that
 * throws or rejects is retried: the service may not be up yet. A read that does not answer by the
 * deadline ends the wait too.
 *
 *   await waitFor(() => receiver.delivered.length, { until: (n) => n === 3, what: "three deliveries" });
 *   const row = await waitFor(() => findClick(id), "the click row");
 *
 * On time-out it throws `timed out after 30000 ms (412 reads) waiting for three deliveries;
 * the last read returned 2` — or `…; the last read threw Error: connect ECONNREFUSED …` with that
 * error as the cause.
 */
export function waitFor<T>(
  read: () => T | Promise<T>,
  options: string | (Omit<WaitForOptions<T>, "until"> & { until?: undefined }),
): Promise<Truthy<T>>;
export function waitFor<T>(read: () => T | Promise<T>, options: WaitForOptions<T>): Promise<T>;
export async function waitFor<T>(
  read: () => T | Promise<T>,
  options: string | WaitForOptions<T>,
): Promise<T> {
  const {
    what,
    until = Boolean,
    timeoutMs = WAIT_FOR_DEFAULT_TIMEOUT_MS,
    intervalMs = DEFAULT_INTERVAL_MS,
    signal,
  } = typeof options === "string" ? { what: options } : options;
  const deadline = performance.now() + timeoutMs;
  let reads = 0;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    signal?.throwIfAborted();
    reads++;
    try {
      const value = await withinDeadline(read, deadline, signal);
      last = { value };
      if (until(value)) return value;
    } catch (error) {
      signal?.throwIfAborted();
      last = { error };
    }
    const left = deadline - performance.now();
    if (left <= 0) throw timedOut(what, timeoutMs, reads, last);
    await pause(Math.min(intervalMs, left), undefined, { signal }).catch(() => signal?.throwIfAborted());
  }
}

const NO_ANSWER = Symbol("no answer");

/** The read's value, or a rejection once the deadline passes (or the signal aborts) first. */
async function withinDeadline<T>(
  read: () => T | Promise<T>,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  const answer = Promise.resolve().then(read);
  const controller = new AbortController();
  const stop = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
  const late = pause(Math.max(0, deadline - performance.now()), NO_ANSWER, { signal: stop }).catch(
    () => NO_ANSWER,
  );
  try {
    const first = await Promise.race([answer, late]);
    if (first === NO_ANSWER) {
      answer.catch(() => {}); // it may still reject after the wait gave up on it
      signal?.throwIfAborted();
      throw new Error("the read had not answered by the deadline");
    }
    return first as T;
  } finally {
    controller.abort();
  }
}

function timedOut(
  what: string,
  timeoutMs: number,
  reads: number,
  last: { value: unknown } | { error: unknown } | undefined,
) {
  const prefix = `timed out after ${timeoutMs} ms (${reads} read${reads === 1 ? "" : "s"}) waiting for ${what}`;
  if (last && "error" in last) {
    return new Error(`${prefix}; the last read threw ${describeError(last.error)}`, { cause: last.error });
  }
  return new Error(`${prefix}; the last read returned ${describe(last?.value)}`);
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : describe(error);
}

/** One line, bounded: a page of HTML or a thousand rows must not bury the message. */
function describe(value: unknown): string {
  const text = inspect(value, {
    depth: 4,
    breakLength: Number.POSITIVE_INFINITY,
    maxArrayLength: 20,
    maxStringLength: 500,
  });
  return text.length > 2_000 ? `${text.slice(0, 2_000)}… (${text.length} characters)` : text;
}
