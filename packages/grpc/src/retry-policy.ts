import type { DescMethod } from "@bufbuild/protobuf";
import { MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";
import { GrpcStatus } from "@kurz/errors";

/**
 * How a client retries. Deadlines work in two layers:
 * - the call deadline (`deadlineMs`) is the caller's whole budget: no attempt and no backoff
 *   sleep ever runs past it, so a retried call still fails within the time the caller gave;
 * - each attempt gets `attemptTimeoutMs`, capped by what is left of the budget. Without it an
 *   attempt may use the whole remaining budget, so a DEADLINE_EXCEEDED means the budget is spent
 *   and nothing is retried; with it a hung attempt can be abandoned and tried again in time.
 */
export interface RetryPolicy {
  /** Attempts in total, the first included; 1 disables retries. */
  maxAttempts: number;
  /** Delay before the first retry; it doubles on each further retry, with jitter. */
  backoffMs: number;
  attemptTimeoutMs: number | undefined;
}

/**
 * Only methods that declare `option idempotency_level = NO_SIDE_EFFECTS` or `IDEMPOTENT` are
 * retried: for any other method a lost answer may hide a side effect that already happened.
 */
export function isIdempotent(method: DescMethod): boolean {
  return (
    method.idempotency === MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS ||
    method.idempotency === MethodOptions_IdempotencyLevel.IDEMPOTENT
  );
}

/** Statuses that say "try again" without saying the request was wrong. */
export function isRetryableStatus(code: number): boolean {
  return code === GrpcStatus.UNAVAILABLE || code === GrpcStatus.DEADLINE_EXCEEDED;
}

export function attemptDeadline(policy: RetryPolicy, callDeadline: number, now = Date.now()): Date {
  const attemptEnd = policy.attemptTimeoutMs === undefined ? callDeadline : now + policy.attemptTimeoutMs;
  return new Date(Math.min(callDeadline, attemptEnd));
}

/**
 * How long to wait before the next attempt, or undefined when the failure must be returned:
 * the method is not idempotent, the status is not retryable, attempts are used up, or the wait
 * would not leave the next attempt any time before the call deadline.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  input: { idempotent: boolean; failedAttempt: number; status: number; callDeadline: number; now?: number },
): number | undefined {
  if (!input.idempotent || !isRetryableStatus(input.status) || input.failedAttempt >= policy.maxAttempts) {
    return undefined;
  }
  const base = policy.backoffMs * 2 ** (input.failedAttempt - 1);
  // Jitter in [base/2, base): clients that failed together must not retry together.
  const delay = Math.round(base / 2 + Math.random() * (base / 2));
  const remaining = input.callDeadline - (input.now ?? Date.now());
  return delay < remaining ? delay : undefined;
}
