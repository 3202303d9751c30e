import { normalCdf, normalPdf } from "./distributions";
import type { RelativeLiftEstimate } from "./relative-lift";

export interface ChanceToBeat {
  /** P(lift > 0) = Φ(L/se), fixed-horizon (see below). */
  chanceToBeatControl: number;
  expectedLoss: {
    /** E[max(0, lift)]: the lift given up, on average, by keeping the control. */
    control: number;
    /** E[max(0, −lift)]: the lift lost, on average, by choosing the variant. */
    variant: number;
  };
}

/**
 * The Bayesian reading of the lift, with the lift distributed N(L, se²) (flat prior). A
 * fixed-horizon figure: with a flat prior Φ(L/se) is one minus the one-sided fixed-horizon
 * p-value, so it is only what it says when read once, at the planned sample size; a test watched
 * daily sees it cross 95 % on noise as often as the p-value crosses 0.05. It is reported, labelled
 * so, and never decides the verdict. The two
 * risks come from the normal's partial expectations: with m = L/se,
 * E[max(0, X)] = se·φ(m) + L·Φ(m) and E[max(0, −X)] = se·φ(m) − L·Φ(−m).
 * Null when L or se is undefined.
 */
export function chanceToBeat(lift: RelativeLiftEstimate): ChanceToBeat | null {
  const { value, se } = lift;
  if (value === null || se === null) return null;
  const m = value / se;
  const spread = se * normalPdf(m);
  return {
    chanceToBeatControl: normalCdf(m),
    expectedLoss: {
      control: spread + value * normalCdf(m),
      variant: spread - value * normalCdf(-m),
    },
  };
}
