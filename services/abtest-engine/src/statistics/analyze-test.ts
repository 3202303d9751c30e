import { type ArmComparison, compareArms } from "./compare-arms";
import { decideVerdict, type Verdict } from "./decide-verdict";
import { holmAdjust } from "./holm-adjust";
import { alphaOf, type ConfidenceLevel, type Interval } from "./interval";
import { conversionRate } from "./proportion";
import { type SampleRatioMismatch, sampleRatioMismatch } from "./sample-ratio-mismatch";

export type { Verdict } from "./decide-verdict";
export type DecisionBasis = "sequential" | "fixed_horizon";

export interface TestArmInput {
  id: string;
  name?: string;
  control: boolean;
  /** Configured traffic weight, percent. */
  weight: number;
  /** Distinct visitors: the denominator of every rate. */
  visitors: number;
  /** Routed visits (a visitor may come back); reported, not tested. */
  exposures: number;
  conversions: number;
}

export interface AnalyzeTestInput {
  /** Exactly one arm is the control. */
  arms: readonly TestArmInput[];
  confidenceLevel: ConfidenceLevel;
  minSampleSize: number;
  /** tuning is N*, the total sample size the always-valid interval is tuned for. */
  sequential: { enabled: boolean; tuning: number };
  status: "draft" | "running" | "paused" | "completed";
  conversionsEnabled: boolean;
}

export interface ArmResult {
  id: string;
  name: string | null;
  control: boolean;
  visitors: number;
  exposures: number;
  conversions: number;
  /** Null for an arm without visitors. */
  conversionRate: number | null;
}

/** One variant against the control. Every quantity the data cannot define is null, never NaN. */
export interface Comparison extends ArmComparison {
  armId: string;
  controlArmId: string;
  /**
   * The p-value the decision rests on, of the decision estimate (see ArmComparison): sequential
   * when enabled, else fixed-horizon (the Welch one, pValue, for the lift).
   */
  decisionPValue: number | null;
  /** The interval matching decisionPValue, on the scale of the decision estimate. */
  decisionInterval: Interval | null;
  /** decisionPValue after Holm over the k − 1 comparisons when there are more than two arms. */
  adjustedPValue: number | null;
  /** adjustedPValue < α (in either direction: the lift's sign says which). */
  significant: boolean;
}

export interface TestAnalysis {
  alpha: number;
  decisionBasis: DecisionBasis;
  arms: ArmResult[];
  /** One per non-control arm, in input order. */
  comparisons: Comparison[];
  /** Null when fewer than two arms have weight or nobody visited yet. */
  srm: SampleRatioMismatch | null;
  verdict: Verdict;
  reason: string;
  winnerArmId: string | null;
}

/**
 * The whole analysis of one test: every variant against the control, the sample-ratio check and
 * the verdict. The decision uses the always-valid (sequential) p-value when enabled, because the
 * dashboard is watched live and a fixed-horizon p-value looked at daily finds "winners" in noise.
 *
 * With more than two arms the decision p-values are Holm-adjusted, but the intervals stay the
 * unadjusted per-comparison ones: Holm has no matching simultaneous interval, and Bonferroni
 * intervals would disagree with the Holm decision. So with several variants an interval that
 * excludes 0 does not by itself mean "significant"; `significant` is the answer.
 */
export function analyzeTest(input: AnalyzeTestInput): TestAnalysis {
  const controls = input.arms.filter((arm) => arm.control);
  if (controls.length !== 1) {
    throw new RangeError(`A test needs exactly one control arm, got ${controls.length}`);
  }
  const control = controls[0]!;
  const variants = input.arms.filter((arm) => !arm.control);
  const alpha = alphaOf(input.confidenceLevel);
  const decisionBasis: DecisionBasis = input.sequential.enabled ? "sequential" : "fixed_horizon";

  const raw = variants.map((arm) =>
    compareArms(control, arm, {
      confidenceLevel: input.confidenceLevel,
      sequentialTuning: input.sequential.enabled ? input.sequential.tuning : null,
    }),
  );
  const decisions = raw.map((comparison) => decisionOf(comparison, decisionBasis));
  const decisionPValues = decisions.map((decision) => decision.pValue);
  const adjusted = variants.length > 1 ? holmAdjustDefined(decisionPValues) : decisionPValues;
  const comparisons = raw.map((comparison, index): Comparison => {
    const adjustedPValue = adjusted[index] ?? null;
    return {
      armId: variants[index]!.id,
      controlArmId: control.id,
      ...comparison,
      decisionPValue: decisionPValues[index] ?? null,
      decisionInterval: decisions[index]?.interval ?? null,
      adjustedPValue,
      significant: adjustedPValue !== null && adjustedPValue < alpha,
    };
  });

  const srm = sampleRatioMismatch(input.arms);
  const basisLabel =
    (decisionBasis === "sequential" ? "always-valid" : "fixed-horizon") +
    (variants.length > 1 ? `, Holm-adjusted over ${variants.length} variants` : "");
  const decision = decideVerdict({
    arms: input.arms.map((arm) => ({ ...arm, label: arm.name ?? arm.id })),
    comparisons: comparisons.map((comparison) => ({
      armId: comparison.armId,
      lift: comparison.relativeLift.value,
      difference: comparison.absoluteDifference.value,
      interval: comparison.decisionInterval,
      intervalOf: comparison.decisionEstimate === "difference" ? "difference" : "lift",
      pValue: comparison.adjustedPValue,
      significant: comparison.significant,
    })),
    srm,
    minSampleSize: input.minSampleSize,
    conversionsEnabled: input.conversionsEnabled,
    completed: input.status === "completed",
    confidenceLevel: input.confidenceLevel,
    basisLabel,
  });

  return {
    alpha,
    decisionBasis,
    arms: input.arms.map((arm) => ({
      id: arm.id,
      name: arm.name ?? null,
      control: arm.control,
      visitors: arm.visitors,
      exposures: arm.exposures,
      conversions: arm.conversions,
      conversionRate: conversionRate(arm),
    })),
    comparisons,
    srm,
    ...decision,
  };
}

/** The p-value and interval the decision reads, by estimate (lift or difference) and basis. */
function decisionOf(
  comparison: ArmComparison,
  basis: DecisionBasis,
): { pValue: number | null; interval: Interval | null } {
  if (comparison.decisionEstimate === "difference") {
    const difference = comparison.adjustedDifference;
    if (difference === null) return { pValue: null, interval: null };
    return basis === "sequential"
      ? { pValue: difference.sequential?.pValue ?? null, interval: difference.sequential?.ci ?? null }
      : { pValue: difference.pValue, interval: difference.ci };
  }
  return basis === "sequential"
    ? { pValue: comparison.sequential?.pValue ?? null, interval: comparison.sequential?.ci ?? null }
    : { pValue: comparison.pValue, interval: comparison.relativeLift.ci };
}

/**
 * Holm over the comparisons, an undefined p-value counting as 1: the family keeps its size (the
 * comparison was made, it just could not reject), and its own adjusted value stays null.
 */
function holmAdjustDefined(pValues: ReadonlyArray<number | null>): Array<number | null> {
  const adjusted = holmAdjust(pValues.map((p) => p ?? 1));
  return pValues.map((p, index) => (p === null ? null : (adjusted[index] ?? null)));
}
