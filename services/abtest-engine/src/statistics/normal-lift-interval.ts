import { normalQuantile } from "./distributions";
import { alphaOf, type Interval } from "./interval";
import type { RelativeLiftEstimate } from "./relative-lift";

/**
 * L ± z_{1−α/2}·se: the normal approximation of the lift, the same N(L, se²) the chance to beat
 * control and the expected loss are read from (so the three agree). Null when L or se is.
 */
export function normalLiftInterval(lift: RelativeLiftEstimate, confidenceLevel: number): Interval | null {
  const { value, se } = lift;
  if (value === null || se === null) return null;
  const halfWidth = normalQuantile(1 - alphaOf(confidenceLevel) / 2) * se;
  return [value - halfWidth, value + halfWidth];
}
