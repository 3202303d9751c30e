/** Latencies of one measured operation, in milliseconds. */
export interface CallStats {
  calls: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  /** Every answered call's latency, ascending (to pool rounds: poolCallStats). */
  latenciesMs: number[];
  seconds: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call` in one loop per worker (loop i uses worker i, e.g. its own session),
 * `callsPerLoop` times each, and reports the latency percentiles and the rate.
 *
 * Without `paceMs` each loop calls again as soon as an answer arrives (closed loop: the machine
 * saturated). With it each loop calls on a schedule, one call every `paceMs` from a random start
 * within the first period (as agents do, between model turns), or at once when the previous answer
 * came late; a call's latency is counted from when it is sent.
 */
export async function measureCalls<W>(
  workers: readonly W[],
  callsPerLoop: number,
  call: (worker: W) => Promise<unknown>,
  paceMs?: number,
): Promise<CallStats> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      const firstAt = started + (paceMs === undefined ? 0 : Math.random() * paceMs);
      for (let i = 0; i < callsPerLoop; i++) {
        if (paceMs !== undefined) {
          const wait = firstAt + i * paceMs - performance.now();
          if (wait > 0) await sleep(wait);
        }
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
  return statsOf(latencies, errors, (performance.now() - started) / 1000);
}

function statsOf(latencies: number[], errors: number, seconds: number): CallStats {
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    errors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
    latenciesMs: latencies,
    seconds,
  };
}

/** Several rounds' calls as one measurement: percentiles of all their latencies together. */
export function poolCallStats(rounds: readonly CallStats[]): CallStats {
  return statsOf(
    rounds.flatMap((round) => round.latenciesMs),
    rounds.reduce((sum, round) => sum + round.errors, 0),
    rounds.reduce((sum, round) => sum + round.seconds, 0),
  );
}
