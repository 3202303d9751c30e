/** Latencies of one measured operation, in milliseconds. */
export interface CallStats {
  calls: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `call` in `concurrency` loops, `callsPerLoop` times each (loop i uses worker i, e.g. its
 * own session), and reports the latency percentiles and the rate.
 */
export async function measureCalls<W>(
  workers: readonly W[],
  callsPerLoop: number,
  call: (worker: W) => Promise<unknown>,
): Promise<CallStats> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      for (let i = 0; i < callsPerLoop; i++) {
        const t0 = performance.now();
        try {
          await call(worker);
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (errors === 0 && process.env.MCP_BENCH_DEBUG)
            process.stderr.write(`first error: ${String(error).slice(0, 400)}\n`);
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    errors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
  };
}
