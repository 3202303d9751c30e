import { type AbsoluteDifference, absoluteDifference } from "./absolute-difference";
import { type AdjustedDifference, agrestiCaffoDifference } from "./agresti-caffo-difference";
import { chanceToBeat } from "./chance-to-beat";
import type { Interval } from "./interval";
import type { PooledZTest } from "./pooled-z-test";
import { pooledZTest } from "./pooled-z-test";
import type { ArmCounts } from "./proportion";
import { relativeLift } from "./relative-lift";
import { sequentialInterval } from "./sequential-interval";
import { welchLiftTest } from "./welch-lift-test";

/** Every number comparing one variant with the control, before any multiple-testing correction. */
export interface ArmComparison {
  absoluteDifference: AbsoluteDifference;
  relativeLift: { value: number | null; ci: Interval | null; se: number | null; df: number | null };
  /** Fixed-horizon Welch t p-value on the lift. */
  pValue: number | null;
  pooledZ: PooledZTest;
  /**
   * Φ(L/se): a fixed-horizon figure, read once at the planned sample size. Like the fixed-horizon
   * p-value it drifts towards 0 or 1 on noise when watched live; the verdict never uses it.
   */
  chanceToBeatControl: number | null;
  expectedLoss: { control: number | null; variant: number | null };
  /** Always-valid numbers; null when sequential testing is off. */
  sequential: { ci: Interval | null; pValue: number | null } | null;
  /**
   * The Agresti–Caffo difference of rates, with its always-valid interval and p-value when
   * sequential testing is on; null while an arm has no visitors.
   */
  adjustedDifference: (AdjustedDifference & { sequential: { ci: Interval; pValue: number } | null }) | null;
  /**
   * What the decision tests: the relative lift, or the Agresti–Caffo difference when either arm
   * converts 0 % or 100 % of its visitors. There the delta method takes that arm's rate as known
   * exactly (p(1 − p) = 0): the lift is undefined (control at 0 %) or its standard error shrinks
   * to nothing, and 0/2,000 against 12/2,000 would never be decided.
   */
  decisionEstimate: "relative_lift" | "difference";
}

export interface CompareOptions {
  confidenceLevel: number;
  /** N* of the always-valid interval, or null to skip it (sequential testing off). */
  sequentialTuning: number | null;
}

/**
 * Variant b against control a. Each quantity that the data cannot define (a control converting
 * nobody, an arm with fewer than 2 visitors, no spread at all) is null rather than NaN or
 * Infinity, so it serializes and reads as "not known yet".
 */
export function compareArms(a: ArmCounts, b: ArmCounts, options: CompareOptions): ArmComparison {
  const lift = relativeLift(a, b);
  const welch = welchLiftTest(lift, options.confidenceLevel);
  const bayes = chanceToBeat(lift);
  const sequential =
    options.sequentialTuning === null
      ? null
      : sequentialInterval(a, b, lift, options.confidenceLevel, options.sequentialTuning);
  const adjusted = agrestiCaffoDifference(a, b, options.confidenceLevel);
  const adjustedSequential =
    adjusted === null || options.sequentialTuning === null
      ? null
      : sequentialInterval(a, b, adjusted, options.confidenceLevel, options.sequentialTuning);
  const atBound = (arm: ArmCounts) => arm.conversions <= 0 || arm.conversions >= arm.visitors;
  return {
    absoluteDifference: absoluteDifference(a, b, options.confidenceLevel),
    relativeLift: { value: lift.value, ci: welch.ci, se: lift.se, df: lift.df },
    pValue: welch.pValue,
    pooledZ: pooledZTest(a, b),
    chanceToBeatControl: bayes?.chanceToBeatControl ?? null,
    expectedLoss: {
      control: bayes?.expectedLoss.control ?? null,
      variant: bayes?.expectedLoss.variant ?? null,
    },
    sequential:
      options.sequentialTuning === null
        ? null
        : { ci: sequential?.ci ?? null, pValue: sequential?.pValue ?? null },
    adjustedDifference:
      adjusted === null
        ? null
        : {
            ...adjusted,
            sequential:
              adjustedSequential === null
                ? null
                : { ci: adjustedSequential.ci, pValue: adjustedSequential.pValue },
          },
    decisionEstimate: atBound(a) || atBound(b) ? "difference" : "relative_lift",
  };
}
