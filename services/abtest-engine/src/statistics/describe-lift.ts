import { formatPercent, formatPValue, formatSignedPercent, formatSignedPoints } from "./format-statistics";
import type { Interval } from "./interval";

export interface LiftToDescribe {
  variantName: string;
  controlName: string;
  /** Relative lift; null when the control converts nobody (the two rates are told instead). */
  lift: number | null;
  rates: { variant: number; control: number };
  /** The interval matching the decision basis; omitted from the sentence when null. */
  interval: Interval | null;
  /** What the interval bounds: the relative lift (percent), or the difference of rates (points). */
  intervalOf: "lift" | "difference";
  /** The p-value the decision used (adjusted when several variants); omitted when null. */
  pValue: number | null;
  confidenceLevel: number;
  /** How the p-value was obtained, e.g. "always-valid" or "fixed-horizon, Holm-adjusted". */
  basisLabel: string;
}

/**
 * "Variant B converts 10.0 % better than Control (95 % interval +1.1 % to +18.9 %), p = 0.003
 * (always-valid)": the lift in words a link owner reads without a statistics course. When the
 * decision rests on the difference of rates (an arm at 0 % or 100 %), the interval is told in
 * percentage points: "Variant B converts 0.6 % of its visitors against 0.0 % for Control (95 %
 * interval of the difference +0.03 to +1.17 points), p = 0.031 (always-valid)".
 */
export function describeLift(input: LiftToDescribe): string {
  const parts: string[] = [];
  if (input.lift === null) {
    parts.push(
      `${input.variantName} converts ${formatPercent(input.rates.variant)} of its visitors against ` +
        `${formatPercent(input.rates.control)} for ${input.controlName}`,
    );
  } else {
    const direction = input.lift >= 0 ? "better" : "worse";
    parts.push(
      `${input.variantName} converts ${formatPercent(Math.abs(input.lift))} ${direction} than ${input.controlName}`,
    );
  }
  if (input.interval) {
    const [lower, upper] = input.interval;
    parts.push(
      input.intervalOf === "lift"
        ? ` (${input.confidenceLevel} % interval ${formatSignedPercent(lower)} to ${formatSignedPercent(upper)})`
        : ` (${input.confidenceLevel} % interval of the difference ${formatSignedPoints(lower)} to ${formatSignedPoints(upper)} points)`,
    );
  }
  if (input.pValue !== null) parts.push(`, ${formatPValue(input.pValue)} (${input.basisLabel})`);
  return parts.join("");
}
