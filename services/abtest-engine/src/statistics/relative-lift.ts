import { type ArmCounts, bernoulliVariance, conversionRate } from "./proportion";

export interface RelativeLiftEstimate {
  /** L = (p_b − p_a)/p_a; null when the control has no visitors or no conversions (p_a = 0). */
  value: number | null;
  /** Delta-method standard error of L; null with value, or when it cannot be estimated (below). */
  se: number | null;
  /** Welch–Satterthwaite degrees of freedom; null with se. */
  df: number | null;
}

/**
 * Relative lift of variant b over control a with its delta-method standard error:
 * var(L) = v_b/(n_b·p_a²) + v_a·p_b²/(n_a·p_a⁴), v = p(1 − p). The lift, not the difference, is
 * what the verdict talks about ("converts 10 % better"), as in gbstats.
 *
 * se and df are null when an arm has fewer than 2 visitors (df divides by n − 1) or when neither
 * arm shows any spread (both rates 0 or 1, var(L) = 0): a zero standard error would turn every
 * test statistic into ±Infinity.
 */
export function relativeLift(a: ArmCounts, b: ArmCounts): RelativeLiftEstimate {
  const rateA = conversionRate(a);
  const rateB = conversionRate(b);
  if (rateA === null || rateB === null || rateA === 0) return { value: null, se: null, df: null };
  const value = (rateB - rateA) / rateA;
  const meanVarianceA = bernoulliVariance(rateA) / a.visitors;
  const meanVarianceB = bernoulliVariance(rateB) / b.visitors;
  const variance = meanVarianceB / rateA ** 2 + (meanVarianceA * rateB ** 2) / rateA ** 4;
  if (a.visitors < 2 || b.visitors < 2 || !(variance > 0)) return { value, se: null, df: null };
  // Welch–Satterthwaite on the two means' variances (not on the lift's terms), as gbstats does.
  const df =
    (meanVarianceA + meanVarianceB) ** 2 /
    (meanVarianceA ** 2 / (a.visitors - 1) + meanVarianceB ** 2 / (b.visitors - 1));
  return { value, se: Math.sqrt(variance), df };
}
