import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/**
 * Ends a test for good: the winner's destination becomes the link's. Without a chosen winner the
 * API takes the variant with most conversions; its answer says whether the statistics support it.
 */
export function completeAbTest(id: string, winnerVariantId: string | undefined) {
  return readData(
    api.POST("/api/v1/ab-tests/{id}/complete", {
      params: { path: { id } },
      body: winnerVariantId ? { winner_variant_id: winnerVariantId } : {},
    }),
  );
}
