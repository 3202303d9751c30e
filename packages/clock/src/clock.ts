/**
 * Time as Kurz sees it. Everything that expires, reloads, retries or counts in windows reads a
 * Clock handed to it, so tests move time forward across those boundaries instead of sleeping —
 * one clock shared by every service of an embedded run.
 */
export interface Clock {
  /** Wall-clock time: what is stored, signed into tokens, compared with expiry dates. */
  now(): Date;
  /**
   * Milliseconds on a monotonic scale, for durations (cache TTLs, windows): wall-clock jumps
   * must not expire or revive entries. The shape of lru-cache's `perf` option.
   */
  monotonicMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
};

/** lru-cache's `perf` option: the clock's monotonic scale. */
export function cacheTimer(clock: Clock): { now(): number } {
  return { now: () => clock.monotonicMs() };
}
