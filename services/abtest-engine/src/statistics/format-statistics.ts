/*
 * How numbers read in verdict reasons. One decimal for percentages and three for p-values: more
 * digits than the data supports only invite over-reading.
 */

/** 0.1 → "10.0 %"; negative values keep their sign. */
export function formatPercent(fraction: number): string {
  const rounded = Math.round(fraction * 1000) / 10;
  return `${(rounded === 0 ? 0 : rounded).toFixed(1)} %`;
}

/** 0.011 → "+1.1 %", −0.03 → "-3.0 %", 0 → "0.0 %": interval ends read as changes. */
export function formatSignedPercent(fraction: number): string {
  const text = formatPercent(fraction);
  return fraction > 0 && text !== "0.0 %" ? `+${text}` : text;
}

/**
 * A difference of rates in percentage points with two decimals and a sign: 0.0003 → "+0.03",
 * −0.0117 → "-1.17". Two decimals because differences near a 0 % rate are small.
 */
export function formatSignedPoints(fraction: number): string {
  const rounded = Math.round(fraction * 10_000) / 100;
  if (rounded === 0) return "0.00";
  return rounded > 0 ? `+${rounded.toFixed(2)}` : rounded.toFixed(2);
}

/** "p = 0.028", or "p < 0.001" where three decimals would print 0.000. */
export function formatPValue(p: number): string {
  return p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`;
}

/** 1000 → "1,000". */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
