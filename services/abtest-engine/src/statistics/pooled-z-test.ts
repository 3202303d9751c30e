import { normalCdf } from "./distributions";
import type { ArmCounts } from "./proportion";

export interface PooledZTest {
  /** Null when the pooled rate is 0 or 1 (no conversions anywhere, or all): z would be 0/0. */
  z: number | null;
  /** Two-sided; null with z. */
  pValue: number | null;
}

/**
 * The textbook two-proportion z-test under H0 p_a = p_b, with the pooled rate in the standard
 * error. Equals a chi-square on the 2×2 table without Yates' correction. Kept next to the Welch
 * test on lift because it is the number most people cross-check with an online calculator.
 */
export function pooledZTest(a: ArmCounts, b: ArmCounts): PooledZTest {
  if (a.visitors < 1 || b.visitors < 1) return { z: null, pValue: null };
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const variance = pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors);
  if (variance <= 0) return { z: null, pValue: null };
  const z = (b.conversions / b.visitors - a.conversions / a.visitors) / Math.sqrt(variance);
  return { z, pValue: 2 * normalCdf(-Math.abs(z)) };
}
