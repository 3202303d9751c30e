import { chiSquareSurvival } from "./distributions";

/** Below this p the split is called broken (GrowthBook's and Statsig's alert threshold). */
export const SRM_P_THRESHOLD = 0.001;
/** Fewer visitors than this in any arm and the chi-square approximation is not trusted. */
export const SRM_MIN_VISITORS_PER_ARM = 8;

export interface SrmArm {
  /** Configured traffic weight, in percent (or any unit: weights are normalized). */
  weight: number;
  visitors: number;
}

export interface SampleRatioMismatch {
  chiSquare: number;
  df: number;
  pValue: number;
  /** p < 0.001 and every checked arm has at least 8 visitors. */
  flagged: boolean;
  /** Each checked arm's share of visitors, in input order (arms with weight 0 get null). */
  observedShares: Array<number | null>;
  /** Each arm's configured share, in input order. */
  expectedShares: number[];
}

/**
 * Chi-square goodness of fit of the visitors each arm got against the split its weights promise.
 * A mismatch means the routing (bots, redirects, cookies) is biased, and then no difference
 * between arms can be trusted, however significant.
 *
 * Arms with weight 0 are left out (no expected count to divide by; a variant switched off
 * mid-test keeps its old visitors). Null when fewer than two arms have weight or nobody visited:
 * there is nothing to test.
 */
export function sampleRatioMismatch(arms: readonly SrmArm[]): SampleRatioMismatch | null {
  const checked = arms.filter((arm) => arm.weight > 0);
  const totalWeight = checked.reduce((sum, arm) => sum + arm.weight, 0);
  const totalVisitors = checked.reduce((sum, arm) => sum + arm.visitors, 0);
  if (checked.length < 2 || totalVisitors === 0) return null;
  const chiSquare = checked.reduce((sum, arm) => {
    const expected = (totalVisitors * arm.weight) / totalWeight;
    return sum + (arm.visitors - expected) ** 2 / expected;
  }, 0);
  const df = checked.length - 1;
  const pValue = chiSquareSurvival(chiSquare, df);
  return {
    chiSquare,
    df,
    pValue,
    flagged: pValue < SRM_P_THRESHOLD && checked.every((arm) => arm.visitors >= SRM_MIN_VISITORS_PER_ARM),
    observedShares: arms.map((arm) => (arm.weight > 0 ? arm.visitors / totalVisitors : null)),
    expectedShares: arms.map((arm) => (arm.weight > 0 ? arm.weight / totalWeight : 0)),
  };
}
