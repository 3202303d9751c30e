import { describeLift } from "./describe-lift";
import { formatCount, formatPercent, formatPValue } from "./format-statistics";
import type { Interval } from "./interval";
import type { SampleRatioMismatch } from "./sample-ratio-mismatch";

export type Verdict = "srm_mismatch" | "insufficient_data" | "winner" | "inconclusive" | "running";

export interface VerdictArm {
  id: string;
  /** Shown in reasons. */
  label: string;
  control: boolean;
  visitors: number;
  conversions: number;
}

export interface VerdictComparison {
  armId: string;
  lift: number | null;
  /** The interval matching the decision basis. */
  interval: Interval | null;
  /** The p-value the decision used, after any multiple-testing adjustment. */
  pValue: number | null;
  significant: boolean;
}

export interface VerdictInput {
  /** In input order; exactly one is the control. */
  arms: readonly VerdictArm[];
  /** One per non-control arm. */
  comparisons: readonly VerdictComparison[];
  srm: SampleRatioMismatch | null;
  minSampleSize: number;
  conversionsEnabled: boolean;
  completed: boolean;
  confidenceLevel: number;
  /** e.g. "always-valid" or "fixed-horizon, Holm-adjusted". */
  basisLabel: string;
}

export interface VerdictDecision {
  verdict: Verdict;
  reason: string;
  winnerArmId: string | null;
}

/**
 * The verdict, checked in a fixed order because each step makes the next meaningless:
 * a broken split voids every comparison; too little data voids significance; only then does
 * significance pick a winner. Within "insufficient data", conversion tracking being off comes
 * first: unlike a small sample, waiting will not fix it.
 */
export function decideVerdict(input: VerdictInput): VerdictDecision {
  const control = input.arms.find((arm) => arm.control)!;
  const labelOf = (armId: string) => input.arms.find((arm) => arm.id === armId)?.label ?? armId;
  const noConversions = input.arms.every((arm) => arm.conversions === 0);

  if (input.srm?.flagged) {
    return { verdict: "srm_mismatch", reason: describeMismatch(input.arms, input.srm), winnerArmId: null };
  }
  if (noConversions && !input.conversionsEnabled) {
    return insufficient(
      "Conversion tracking is off for this test, so there are no conversions to compare: turn it on to get a verdict",
    );
  }
  const short = input.arms.filter((arm) => arm.visitors < input.minSampleSize);
  if (short.length > 0) {
    const needs = short.map((arm) => `${arm.label} ${formatCount(input.minSampleSize - arm.visitors)} more`);
    return insufficient(
      `Not enough visitors yet: ${needs.join(", ")} to reach the minimum of ${formatCount(input.minSampleSize)} per arm`,
    );
  }
  if (noConversions) {
    return insufficient("No conversions recorded in any arm yet, so there is nothing to compare");
  }

  const describe = (comparison: VerdictComparison & { lift: number }) =>
    describeLift({
      variantName: labelOf(comparison.armId),
      controlName: control.label,
      lift: comparison.lift,
      interval: comparison.interval,
      pValue: comparison.pValue,
      confidenceLevel: input.confidenceLevel,
      basisLabel: input.basisLabel,
    });
  const withLift = input.comparisons
    .filter((comparison): comparison is VerdictComparison & { lift: number } => comparison.lift !== null)
    .sort((x, y) => y.lift - x.lift);

  const better = withLift.filter((comparison) => comparison.significant && comparison.lift > 0);
  if (better[0]) {
    return { verdict: "winner", reason: describe(better[0]), winnerArmId: better[0].armId };
  }
  const allWorse =
    input.comparisons.length > 0 &&
    withLift.length === input.comparisons.length &&
    withLift.every((comparison) => comparison.significant && comparison.lift < 0);
  if (allWorse && withLift[0]) {
    const lead =
      withLift.length === 1
        ? `${control.label} converts better than ${labelOf(withLift[0].armId)}`
        : `${control.label} converts better than every variant; the closest`;
    return { verdict: "winner", reason: `${lead}: ${describe(withLift[0])}`, winnerArmId: control.id };
  }

  const lead = input.completed
    ? `No significant difference at ${input.confidenceLevel} %`
    : "Not significant yet";
  const verdict: Verdict = input.completed ? "inconclusive" : "running";
  if (!withLift[0]) {
    const why =
      control.conversions === 0
        ? `${control.label} has no conversions yet, so no lift can be measured against it`
        : "too few visitors to measure a lift";
    return { verdict, reason: `${lead}: ${why}`, winnerArmId: null };
  }
  return { verdict, reason: `${lead}: ${describe(withLift[0])}`, winnerArmId: null };
}

function insufficient(reason: string): VerdictDecision {
  return { verdict: "insufficient_data", reason, winnerArmId: null };
}

function describeMismatch(arms: readonly VerdictArm[], srm: SampleRatioMismatch): string {
  const checked = arms.flatMap((arm, index) => {
    const observed = srm.observedShares[index];
    const expected = srm.expectedShares[index];
    return observed === null || observed === undefined || expected === undefined
      ? []
      : [{ label: arm.label, observed, expected }];
  });
  const observed = checked.map((arm) => `${arm.label} ${formatPercent(arm.observed)}`).join(" / ");
  const expected = checked.map((arm) => formatPercent(arm.expected)).join(" / ");
  return (
    `Sample ratio mismatch: visitors split ${observed}, expected ${expected} ` +
    `(chi-square ${formatPValue(srm.pValue)}). Assignment or tracking is biased, so no result can be trusted until it is fixed`
  );
}
