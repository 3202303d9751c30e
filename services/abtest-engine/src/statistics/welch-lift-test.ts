import { tCdf, tQuantile } from "./distributions";
import { alphaOf, type Interval } from "./interval";
import type { RelativeLiftEstimate } from "./relative-lift";

export interface LiftTest {
  ci: Interval | null;
  /** Two-sided; null when the lift or its standard error is undefined. */
  pValue: number | null;
}

/**
 * Fixed-horizon Welch t-test on the relative lift: CI L ± t_{df,1−α/2}·se, p from t = L/se.
 * Valid only when looked at once, at the planned sample size; see sequential-interval.ts for the
 * numbers a live dashboard may use.
 */
export function welchLiftTest(lift: RelativeLiftEstimate, confidenceLevel: number): LiftTest {
  const { value, se, df } = lift;
  if (value === null || se === null || df === null) return { ci: null, pValue: null };
  const halfWidth = tQuantile(1 - alphaOf(confidenceLevel) / 2, df) * se;
  return {
    ci: [value - halfWidth, value + halfWidth],
    pValue: 2 * tCdf(-Math.abs(value / se), df),
  };
}
