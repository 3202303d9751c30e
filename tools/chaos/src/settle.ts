import { waitFor } from "@kurz/testing";

/** Poll every second: each read is a REST request of the account. */
const POLL_MS = 1_000;

/**
 * Waits up to the bound for `read` to report nothing missing, and returns the last reading either
 * way: a check that never converges is reported with what it saw, not thrown.
 */
export async function settle<T extends { lost: number; duplicated: number }>(
  what: string,
  timeoutMs: number,
  read: () => Promise<T>,
): Promise<T> {
  let last: T | undefined;
  try {
    return await waitFor(
      async () => {
        last = await read();
        return last;
      },
      { until: (value) => value.lost === 0, what, timeoutMs, intervalMs: POLL_MS },
    );
  } catch (error) {
    if (last) return last;
    throw error;
  }
}
