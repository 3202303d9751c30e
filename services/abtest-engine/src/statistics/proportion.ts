/** One arm's counts: distinct visitors (the denominator) and those of them who converted. */
export interface ArmCounts {
  visitors: number;
  conversions: number;
}

/** x/n, or null for an arm nobody has visited (0/0 is not a rate of 0). */
export function conversionRate(arm: ArmCounts): number | null {
  return arm.visitors > 0 ? arm.conversions / arm.visitors : null;
}

/**
 * Variance of one visitor's conversion, p(1 − p). The population form, not n/(n−1): it is what
 * the reference vectors (and gbstats for binomial metrics) use.
 */
export function bernoulliVariance(rate: number): number {
  return rate * (1 - rate);
}

/** Variance of the arm's mean rate, p(1 − p)/n; null when there is no rate. */
export function varianceOfRate(arm: ArmCounts): number | null {
  const rate = conversionRate(arm);
  return rate === null ? null : bernoulliVariance(rate) / arm.visitors;
}
