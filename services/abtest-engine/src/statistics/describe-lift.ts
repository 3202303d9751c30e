import { formatPercent, formatPValue, formatSignedPercent } from "./format-statistics";
import type { Interval } from "./interval";

export interface LiftToDescribe {
  variantName: string;
  controlName: string;
  lift: number;
  /** The interval matching the decision basis; omitted from the sentence when null. */
  interval: Interval | null;
  /** The p-value the decision used (adjusted when several variants); omitted when null. */
  pValue: number | null;
  confidenceLevel: number;
  /** How the p-value was obtained, e.g. "always-valid" or "fixed-horizon, Holm-adjusted". */
  basisLabel: string;
}

/**
 * "Variant B converts 10.0 % better than Control (95 % interval +1.1 % to +18.9 %), p = 0.003
 * (always-valid)": the lift in words a link owner reads without a statistics course.
 */
export function describeLift(input: LiftToDescribe): string {
  const direction = input.lift >= 0 ? "better" : "worse";
  const parts = [
    `${input.variantName} converts ${formatPercent(Math.abs(input.lift))} ${direction} than ${input.controlName}`,
  ];
  if (input.interval) {
    const [lower, upper] = input.interval;
    parts.push(
      ` (${input.confidenceLevel} % interval ${formatSignedPercent(lower)} to ${formatSignedPercent(upper)})`,
    );
  }
  if (input.pValue !== null) parts.push(`, ${formatPValue(input.pValue)} (${input.basisLabel})`);
  return parts.join("");
}
