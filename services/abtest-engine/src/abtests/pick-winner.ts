import type { AbVariantRow } from "../db/schema";

/**
 * The winner when none is named (docs/api/ab-tests.md#life-cycle): the statistics' winner when the
 * verdict is `winner` (a variant significantly better than the control, or the control better
 * than every variant), else the control: without evidence the link keeps what it served before
 * the test. Raw conversion counts never decide — the arm with most conversions is often the one
 * that got most traffic, or the luckier one.
 */
export function pickWinner(
  variants: AbVariantRow[],
  analysis: { verdict: string; winnerVariantId: string | null },
): AbVariantRow {
  const significant =
    analysis.verdict === "winner"
      ? variants.find((variant) => variant.id === analysis.winnerVariantId)
      : undefined;
  return significant ?? variants.find((variant) => variant.control) ?? variants[0]!;
}
