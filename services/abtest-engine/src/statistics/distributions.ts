import chiSquareCdfOf from "@stdlib/stats-base-dists-chisquare-cdf";
import normalCdfOf from "@stdlib/stats-base-dists-normal-cdf";
import normalPdfOf from "@stdlib/stats-base-dists-normal-pdf";
import normalQuantileOf from "@stdlib/stats-base-dists-normal-quantile";
import tCdfOf from "@stdlib/stats-base-dists-t-cdf";
import tQuantileOf from "@stdlib/stats-base-dists-t-quantile";

/*
 * The only door to the special functions: the statistics import these, never @stdlib directly, so
 * the library can be swapped in one place. Hand-written approximations of Φ or of the incomplete
 * beta drift in the tails, where the decisions (p < 0.001) are made; stdlib's are tested ones.
 */

/** Φ(x), the standard normal CDF. */
export function normalCdf(x: number): number {
  return normalCdfOf(x, 0, 1);
}

/** φ(x), the standard normal density. */
export function normalPdf(x: number): number {
  return normalPdfOf(x, 0, 1);
}

/** Φ⁻¹(p), the standard normal quantile. */
export function normalQuantile(p: number): number {
  return normalQuantileOf(p, 0, 1);
}

/** Student's t CDF; df may be fractional (Welch–Satterthwaite). */
export function tCdf(x: number, df: number): number {
  return tCdfOf(x, df);
}

/** Student's t quantile; df may be fractional (Welch–Satterthwaite). */
export function tQuantile(p: number, df: number): number {
  return tQuantileOf(p, df);
}

/**
 * P(X ≥ x) for X ~ χ²(df). Computed as 1 − CDF: the error is ~1e-16 absolute, far below the
 * smallest threshold we compare against (0.001).
 */
export function chiSquareSurvival(x: number, df: number): number {
  return Math.max(0, 1 - chiSquareCdfOf(x, df));
}
