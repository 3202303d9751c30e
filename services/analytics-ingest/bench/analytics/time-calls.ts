/** Wall-clock timing of one async call: warm-up runs first, then `runs` timed runs, one at a time. */

export interface Timing {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
}

/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export async function timeCall(
  call: () => Promise<unknown>,
  options: { runs: number; warmup: number },
): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    runs: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    minMs: samples[0] ?? Number.NaN,
    maxMs: samples[samples.length - 1] ?? Number.NaN,
  };
}
