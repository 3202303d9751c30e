export interface Weighted {
  /** Percent of the traffic (the weights of a test sum to 100). */
  readonly weight: number;
}

function usable(weight: number): number {
  return Number.isFinite(weight) && weight > 0 ? weight : 0;
}

/**
 * The variant whose cumulative weight range holds `bucket` (in [0, 1)). Weights are scaled by
 * their sum rather than trusted to add up to exactly 100 (floats, or a split edited by hand), and
 * negative or non-finite ones count as 0. Never undefined for a non-empty list: without any positive
 * weight the split is equal, and a bucket past the last range (1, or rounding) takes the last
 * variant that has traffic.
 */
export function pickVariant<T extends Weighted>(variants: readonly T[], bucket: number): T {
  if (variants.length === 0) throw new Error("pickVariant needs at least one variant");
  let total = 0;
  for (const variant of variants) total += usable(variant.weight);
  if (total === 0) {
    const index = Math.floor(bucket * variants.length);
    return variants[Math.min(Math.max(index, 0), variants.length - 1)]!;
  }
  const target = bucket * total;
  let cumulative = 0;
  let last = variants[0]!;
  for (const variant of variants) {
    const weight = usable(variant.weight);
    if (weight === 0) continue;
    cumulative += weight;
    last = variant;
    if (target < cumulative) return variant;
  }
  return last;
}
