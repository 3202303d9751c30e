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
  /** Relative lift; null when the control converts nobody. */
  lift: number | null;
  /**
   * p_b − p_a; null while an arm has no visitors. It orders the variants and gives the direction:
   * against one shared control it sorts them as the lift does, and it exists when the lift does not.
   */
  difference: number | null;
  /** The interval matching the decision basis. */
  interval: Interval | null;
  /** What `interval` bounds: the relative lift, or the difference of rates. */
  intervalOf: "lift" | "difference";
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

  const armOf = (armId: string) => input.arms.find((arm) => arm.id === armId);
  const rateOf = (arm: VerdictArm | undefined) =>
    arm !== undefined && arm.visitors > 0 ? arm.conversions / arm.visitors : 0;
  const describe = (comparison: Measured) =>
    describeLift({
      variantName: labelOf(comparison.armId),
      controlName: control.label,
      lift: comparison.lift,
      rates: { variant: rateOf(armOf(comparison.armId)), control: rateOf(control) },
      interval: comparison.interval,
      intervalOf: comparison.intervalOf,
      pValue: comparison.pValue,
      confidenceLevel: input.confidenceLevel,
      basisLabel: input.basisLabel,
    });
  const measured = input.comparisons
    .filter((comparison): comparison is Measured => comparison.difference !== null)
    .sort((x, y) => y.difference - x.difference);

  const better = measured.filter((comparison) => comparison.significant && comparison.difference > 0);
  if (better[0]) {
    return { verdict: "winner", reason: describe(better[0]), winnerArmId: better[0].armId };
  }
  const allWorse =
    input.comparisons.length > 0 &&
    measured.length === input.comparisons.length &&
    measured.every((comparison) => comparison.significant && comparison.difference < 0);
  if (allWorse && measured[0]) {
    const lead =
      measured.length === 1
        ? `${control.label} converts better than ${labelOf(measured[0].armId)}`
        : `${control.label} converts better than every variant; the closest`;
    return { verdict: "winner", reason: `${lead}: ${describe(measured[0])}`, winnerArmId: control.id };
  }

  const lead = input.completed
    ? `No significant difference at ${input.confidenceLevel} %`
    : "Not significant yet";
  const verdict: Verdict = input.completed ? "inconclusive" : "running";
  if (!measured[0]) {
    return { verdict, reason: `${lead}: too few visitors to compare the arms`, winnerArmId: null };
  }
  return { verdict, reason: `${lead}: ${describe(measured[0])}`, winnerArmId: null };
}

type Measured = VerdictComparison & { difference: number };

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
