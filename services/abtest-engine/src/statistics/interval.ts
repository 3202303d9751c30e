/** A two-sided interval [lower, upper]. */
export type Interval = [number, number];

/** Confidence levels a test can be configured with, in percent. */
export type ConfidenceLevel = 90 | 95 | 99;

/** α = 1 − level/100, written so that 95 gives exactly 0.05 (1 − 0.95 does not). */
export function alphaOf(confidenceLevel: number): number {
  return (100 - confidenceLevel) / 100;
}
