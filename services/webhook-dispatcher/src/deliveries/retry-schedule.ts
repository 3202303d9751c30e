/**
 * When the attempts of a delivery happen (Standard Webhooks' example schedule): immediately, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after the previous attempt — ten
 * attempts over about three days, so a receiver down for a day and a half still gets everything.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

/** The longest wait a receiver's Retry-After may ask for. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** ±10 %: retries of many deliveries that failed together do not all arrive together. */
const JITTER = 0.1;

/**
 * The wait before the next attempt after `attemptsMade` attempts failed, or undefined when the
 * schedule is exhausted. `retryAfterMs` (the receiver's Retry-After, capped at 24 h) lengthens
 * the wait, never shortens it. `random` in [0, 1) picks the jitter.
 */
export function nextAttemptDelayMs(
  attemptsMade: number,
  options: { retryAfterMs?: number; random?: () => number } = {},
): number | undefined {
  const base = RETRY_DELAYS_MS[attemptsMade];
  if (base === undefined) return undefined;
  const random = options.random ?? Math.random;
  const jittered = Math.round(base * (1 + JITTER * (2 * random() - 1)));
  const asked = Math.min(options.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
  return Math.max(jittered, asked);
}
