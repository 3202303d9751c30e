/**
 * Polls `probe` until it returns something truthy (and returns that), for effects that arrive
 * asynchronously (events consumed, caches invalidated). The time-out only turns "never" into a
 * failure naming `what`; it is not a speed assertion.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
