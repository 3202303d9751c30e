/**
 * Holm's step-down adjustment: with m p-values sorted ascending, the i-th (from 0) becomes
 * max over j ≤ i of min(1, (m − j)·p_(j)). Controls the family-wise error rate like Bonferroni
 * but rejects more; needs no independence, which comparisons sharing one control lack.
 * Returned in input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
