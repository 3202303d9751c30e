import { sleepUnlessAborted } from "./sleep-unless-aborted";

/** Longest wait between two heartbeats while backing off. */
const HEARTBEAT_SLICE_MS = 1_000;

/**
 * Waits `delayMs` between two handler attempts, heartbeating so a long backoff does not cost the
 * group membership. Resolves false when the member is stopping.
 */
export async function backOffBetweenAttempts(
  delayMs: number,
  stopping: AbortSignal,
  heartbeat?: () => Promise<void>,
): Promise<boolean> {
  let left = delayMs;
  while (left > 0) {
    const slice = Math.min(left, HEARTBEAT_SLICE_MS);
    if (!(await sleepUnlessAborted(slice, stopping))) return false;
    left -= slice;
    await heartbeat?.().catch(() => {});
  }
  return true;
}
