export interface BackoffOptions {
  /** Delay before the first retry. */
  initialMs: number;
  /** Ceiling of the exponential growth. */
  maxMs: number;
}

/**
 * Exponential backoff with jitter in [delay/2, delay]: retries from many instances after one
 * outage do not arrive at the broker in lockstep.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponential = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (Math.random() * exponential) / 2);
}
