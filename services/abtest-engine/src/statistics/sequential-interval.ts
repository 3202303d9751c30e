import { alphaOf, type Interval } from "./interval";
import type { ArmCounts } from "./proportion";
import type { RelativeLiftEstimate } from "./relative-lift";

/** N*: the total sample size at which the interval is tightest; gbstats' default. */
export const DEFAULT_SEQUENTIAL_TUNING = 5000;

export interface SequentialInterval {
  /** The mixture's tuning ρ (reported for checking against the reference). */
  rho: number;
  ci: Interval;
  /** Always-valid two-sided p-value: below α exactly when ci excludes 0. */
  pValue: number;
}

/**
 * Always-valid confidence sequence on the lift (normal mixture, as gbstats' sequential testing):
 * unlike the fixed-horizon t interval, it may be looked at after every visitor without inflating
 * the false-positive rate, which is how a live dashboard is used. The price is a wider interval.
 *
 * With n = n_a + n_b, s² = se²·n and ρ = sqrt((−2 ln α + ln(−2 ln α + 1)) / N*):
 * half-width = s·sqrt(2(nρ² + 1)·ln(sqrt(nρ² + 1)/α) / (nρ)²);
 * p = min(1, 1/E), E = exp(ρ²t² / (2(nρ² + 1))) / sqrt(nρ² + 1), t = n·L/s.
 * Null when the lift or its standard error is undefined.
 *
 * Any estimate that is asymptotically normal with a standard error may stand in for the lift: the
 * verdict also runs it on the Agresti–Caffo difference (agresti-caffo-difference.ts) when an arm
 * is at 0 % or 100 %.
 */
export function sequentialInterval(
  a: ArmCounts,
  b: ArmCounts,
  lift: Pick<RelativeLiftEstimate, "value" | "se">,
  confidenceLevel: number,
  tuning: number = DEFAULT_SEQUENTIAL_TUNING,
): SequentialInterval | null {
  const { value, se } = lift;
  if (value === null || se === null) return null;
  const alpha = alphaOf(confidenceLevel);
  const n = a.visitors + b.visitors;
  const s = se * Math.sqrt(n);
  const rho = Math.sqrt((-2 * Math.log(alpha) + Math.log(-2 * Math.log(alpha) + 1)) / tuning);
  const mixture = n * rho ** 2 + 1;
  const halfWidth = s * Math.sqrt((2 * mixture * Math.log(Math.sqrt(mixture) / alpha)) / (n * rho) ** 2);
  const t = (n * value) / s;
  // ln E rather than E: for a large effect E overflows to Infinity long before 1/E underflows.
  const logE = (rho ** 2 * t ** 2) / (2 * mixture) - 0.5 * Math.log(mixture);
  return {
    rho,
    ci: [value - halfWidth, value + halfWidth],
    pValue: Math.min(1, Math.exp(-logE)),
  };
}
