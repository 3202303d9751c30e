/**
 * The rounds of an endpoint's attempts claimed at once when nothing is known of its pace: as many
 * as fit in the lease if every attempt ran to the timeout (with the defaults 16 rounds of 15 s,
 * 4 min, within the 5-minute lease).
 */
const MAX_CLAIM_DEPTH = 16;

/**
 * The most rounds claimed at once for an endpoint that answers fast: with 4 at a time, 1,024
 * deliveries — enough that one claim statement (a few milliseconds) feeds thousands of attempts a
 * second.
 */
export const MAX_PACED_DEPTH = 256;

/**
 * How much slower than its recent pace an endpoint may become before its claimed queue outlasts
 * the lease. Beyond that, attempts that could not end before their claim lapses are not started
 * (the worker's lease check), so the margin costs only re-claims, never a second sender.
 */
const PACE_MARGIN = 4;

/** Weight of the newest attempt in the moving average of an endpoint's attempt time. */
const SMOOTHING = 0.2;

/** Endpoints remembered; beyond, the memory starts afresh (each one's pace is relearnt in a round). */
const MAX_REMEMBERED = 10_000;

/** The rounds of one endpoint's attempts that fit in a lease, one round spare: 1 to MAX_CLAIM_DEPTH. */
export function claimDepth(leaseMs: number, attemptTimeoutMs: number): number {
  return Math.max(1, Math.min(MAX_CLAIM_DEPTH, Math.floor(leaseMs / attemptTimeoutMs) - 1));
}

export interface EndpointPaceOptions {
  /** Attempts one endpoint may have in flight at once. */
  perEndpoint: number;
  leaseMs: number;
  attemptTimeoutMs: number;
}

export interface EndpointPace {
  /** An attempt of the endpoint took this long (request sent to answer read). */
  observe(endpointId: string, ms: number): void;
  /** Deliveries of the endpoint one worker may hold claimed. */
  capOf(endpointId: string): number;
  /** The cap of an endpoint whose pace is not known: the timeout-bound depth. */
  readonly defaultCap: number;
  /** The endpoints whose cap differs from the default, for the claim statement. */
  caps(): ReadonlyMap<string, number>;
}

/**
 * Sizes claims by each endpoint's recent pace: an endpoint whose attempts take t ms on average
 * gets as many rounds as the lease holds at PACE_MARGIN × t (at least the timeout-bound depth, at
 * most MAX_PACED_DEPTH). A slow or unknown endpoint keeps the depth that holds even if every
 * attempt times out; a fast one is not starved by claims of 64 at a time.
 */
export function createEndpointPace(options: EndpointPaceOptions): EndpointPace {
  const baseDepth = claimDepth(options.leaseMs, options.attemptTimeoutMs);
  const defaultCap = options.perEndpoint * baseDepth;
  const averageMs = new Map<string, number>();
  const caps = new Map<string, number>();

  return {
    defaultCap,
    observe(endpointId, ms) {
      if (!averageMs.has(endpointId) && averageMs.size >= MAX_REMEMBERED) {
        averageMs.clear();
        caps.clear();
      }
      const before = averageMs.get(endpointId);
      const average = before === undefined ? ms : before + SMOOTHING * (ms - before);
      averageMs.set(endpointId, average);
      const rounds = Math.floor(options.leaseMs / (PACE_MARGIN * Math.max(average, 1)));
      const depth = Math.max(baseDepth, Math.min(MAX_PACED_DEPTH, rounds));
      if (depth === baseDepth) caps.delete(endpointId);
      else caps.set(endpointId, options.perEndpoint * depth);
    },
    capOf(endpointId) {
      return caps.get(endpointId) ?? defaultCap;
    },
    caps: () => caps,
  };
}
