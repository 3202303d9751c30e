import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { abtestsV1 } from "@kurz/proto";
import type { AbTestAnalysis, Interval } from "./analyze-ab-test";
import { toAbTestMessage } from "./to-ab-test-message";

const opt = (value: number | null) => (value === null ? undefined : value);
const range = (value: Interval | null) => (value ? { low: value[0], high: value[1] } : undefined);

/** GetAbTestAnalyticsResponse: unset optional fields where the REST form has null. */
export function toAbTestAnalyticsMessage(
  analysis: AbTestAnalysis,
): MessageInitShape<typeof abtestsV1.GetAbTestAnalyticsResponseSchema> {
  return {
    test: toAbTestMessage(analysis.test),
    verdict: analysis.verdict,
    reason: analysis.reason,
    winnerVariantId: analysis.winnerVariantId ?? "",
    decisionBasis: analysis.decisionBasis,
    confidenceLevel: analysis.confidenceLevel,
    ...(analysis.since ? { since: timestampFromDate(analysis.since) } : {}),
    ...(analysis.sampleRatio ? { sampleRatio: analysis.sampleRatio } : {}),
    variants: analysis.variants.map((result) => {
      const c = result.comparison;
      return {
        variantId: result.variant.id,
        name: result.variant.name,
        control: result.variant.control,
        trafficWeight: result.variant.trafficWeight,
        visitors: BigInt(result.visitors),
        exposures: BigInt(result.exposures),
        conversions: BigInt(result.conversions),
        conversionRate: opt(result.conversionRate),
        ...(c
          ? {
              comparison: {
                absoluteDifference: opt(c.absoluteDifference),
                absoluteDifferenceInterval: range(c.absoluteDifferenceInterval),
                relativeLift: opt(c.relativeLift),
                relativeLiftInterval: range(c.relativeLiftInterval),
                standardError: opt(c.standardError),
                degreesOfFreedom: opt(c.degreesOfFreedom),
                pValue: opt(c.pValue),
                zScore: opt(c.zScore),
                zPValue: opt(c.zPValue),
                chanceToBeatControl: opt(c.chanceToBeatControl),
                expectedLossControl: opt(c.expectedLossControl),
                expectedLossVariant: opt(c.expectedLossVariant),
                sequentialInterval: range(c.sequentialInterval),
                sequentialPValue: opt(c.sequentialPValue),
                adjustedPValue: opt(c.adjustedPValue),
                significant: c.significant,
              },
            }
          : {}),
        timeline: result.timeline.map((point) => ({
          day: timestampFromDate(point.day),
          exposures: BigInt(point.exposures),
          visitors: BigInt(point.visitors),
          conversions: BigInt(point.conversions),
        })),
      };
    }),
  };
}
