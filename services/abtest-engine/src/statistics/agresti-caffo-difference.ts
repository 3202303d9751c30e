import { normalCdf, normalQuantile } from "./distributions";
import { alphaOf, type Interval } from "./interval";
import type { ArmCounts } from "./proportion";

export interface AdjustedDifference {
  /** p̃_b − p̃_a, the difference of the adjusted rates (the interval's centre, not p_b − p_a). */
  value: number;
  /** Standard error of that difference; never 0. */
  se: number;
  ci: Interval;
  /** Two-sided, from z = value / se: below α exactly when ci excludes 0. */
  pValue: number;
}

/**
 * Agresti–Caffo interval of the difference of two proportions: one success and one failure are
 * added to each arm, p̃ = (x + 1)/(n + 2), and the Wald interval is taken on those,
 * p̃_b − p̃_a ± z·sqrt(p̃_a(1 − p̃_a)/(n_a + 2) + p̃_b(1 − p̃_b)/(n_b + 2)).
 *
 * Unlike the Wald interval and the delta-method lift, it does not collapse when an arm converts
 * 0 % or 100 % of its visitors: there p(1 − p) = 0 claims that arm's rate is known exactly, so
 * 0/2,000 against 12/2,000 never had a standard error to test with. The adjusted rates keep a
 * spread of about 1/n, and the coverage stays near nominal down to small samples (Agresti & Caffo,
 * 2000). Null when an arm has no visitors.
 */
export function agrestiCaffoDifference(
  a: ArmCounts,
  b: ArmCounts,
  confidenceLevel: number,
): AdjustedDifference | null {
  if (a.visitors < 1 || b.visitors < 1) return null;
  const rateA = (a.conversions + 1) / (a.visitors + 2);
  const rateB = (b.conversions + 1) / (b.visitors + 2);
  const value = rateB - rateA;
  const se = Math.sqrt((rateA * (1 - rateA)) / (a.visitors + 2) + (rateB * (1 - rateB)) / (b.visitors + 2));
  const halfWidth = normalQuantile(1 - alphaOf(confidenceLevel) / 2) * se;
  return {
    value,
    se,
    ci: [value - halfWidth, value + halfWidth],
    pValue: 2 * normalCdf(-Math.abs(value / se)),
  };
}
