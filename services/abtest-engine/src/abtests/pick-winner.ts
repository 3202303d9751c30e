import type { AbVariantRow } from "../db/schema";

export interface ArmCounts {
  visitors: number;
  conversions: number;
}

/**
 * The winner when none is named: the variant with most conversions
 * (docs/api/ab-tests.md#life-cycle). Ties go to the higher conversion rate, then to the control,
 * then to the earlier variant: never random, so completing the same test twice over the same data
 * names the same winner.
 */
export function pickWinner(variants: AbVariantRow[], counts: ReadonlyMap<string, ArmCounts>): AbVariantRow {
  const of = (variant: AbVariantRow) => counts.get(variant.id) ?? { visitors: 0, conversions: 0 };
  const rate = (arm: ArmCounts) => (arm.visitors > 0 ? arm.conversions / arm.visitors : 0);
  return [...variants].sort((a, b) => {
    const ca = of(a);
    const cb = of(b);
    return (
      cb.conversions - ca.conversions ||
      rate(cb) - rate(ca) ||
      Number(b.control) - Number(a.control) ||
      a.position - b.position
    );
  })[0]!;
}
