import { normalQuantile } from "./distributions";
import { alphaOf, type Interval } from "./interval";
import { type ArmCounts, conversionRate, varianceOfRate } from "./proportion";

export interface AbsoluteDifference {
  /** p_b − p_a; null when either arm has no visitors. */
  value: number | null;
  /**
   * Wald interval d ± z·sqrt(v_a/n_a + v_b/n_b). Null when an arm has fewer than 2 visitors or
   * neither arm shows any spread (every rate 0 or 1): the standard error would be 0 and the
   * interval a point, which claims a certainty the data does not have.
   */
  ci: Interval | null;
}

/** Difference of conversion rates of variant b over control a, in rate points. */
export function absoluteDifference(a: ArmCounts, b: ArmCounts, confidenceLevel: number): AbsoluteDifference {
  const rateA = conversionRate(a);
  const rateB = conversionRate(b);
  if (rateA === null || rateB === null) return { value: null, ci: null };
  const value = rateB - rateA;
  const variance = (varianceOfRate(a) ?? 0) + (varianceOfRate(b) ?? 0);
  if (a.visitors < 2 || b.visitors < 2 || variance <= 0) return { value, ci: null };
  const halfWidth = normalQuantile(1 - alphaOf(confidenceLevel) / 2) * Math.sqrt(variance);
  return { value, ci: [value - halfWidth, value + halfWidth] };
}
