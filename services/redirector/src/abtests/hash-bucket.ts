import { fnv1a32 } from "./fnv1a32";

/**
 * GrowthBook's "v2" bucket of `id` in the experiment `seed`, in [0, 1) on a 1/10000 grid:
 * FNV-1a of the decimal string of FNV-1a(seed + id). The second pass spreads ids that differ only
 * in their last characters (sequential ids) across the whole range. Deterministic, so a visitor
 * lands in the same bucket on every replica and after every restart.
 */
export function hashBucket(seed: string, id: string): number {
  const hash = fnv1a32(String(fnv1a32(seed + id)));
  return (hash % 10_000) / 10_000;
}
