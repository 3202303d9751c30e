import type { AbtestContext } from "../abtest-context";
import type { VariantCounts } from "../analytics/variant-stats-source";
import type { AbVariantRow } from "../db/schema";
import { analyzeTest, type TestAnalysis } from "../statistics/analyze-test";
import type { TestWithVariants } from "./test-with-variants";

export type Interval = [number, number];

/** One variant versus the control; undefined quantities are null (a control rate of 0, say). */
export interface Comparison {
  absoluteDifference: number | null;
  absoluteDifferenceInterval: Interval | null;
  relativeLift: number | null;
  relativeLiftInterval: Interval | null;
  standardError: number | null;
  degreesOfFreedom: number | null;
  pValue: number | null;
  zScore: number | null;
  zPValue: number | null;
  chanceToBeatControl: number | null;
  expectedLossControl: number | null;
  expectedLossVariant: number | null;
  sequentialInterval: Interval | null;
  sequentialPValue: number | null;
  adjustedPValue: number | null;
  significant: boolean;
}

export interface VariantResult {
  variant: AbVariantRow;
  visitors: number;
  exposures: number;
  conversions: number;
  conversionRate: number | null;
  comparison: Comparison | null;
  timeline: VariantCounts["timeline"];
}

export interface AbTestAnalysis {
  test: TestWithVariants;
  /** Counted from the first start; null for a test never started. */
  since: Date | null;
  variants: VariantResult[];
  sampleRatio: { chiSquare: number; degreesOfFreedom: number; pValue: number; flagged: boolean } | null;
  verdict: TestAnalysis["verdict"];
  reason: string;
  winnerVariantId: string | null;
  decisionBasis: TestAnalysis["decisionBasis"];
  confidenceLevel: number;
}

/**
 * A test's results: its counts from analytics-ingest (visitors = distinct A/B visitor ids since
 * the first start; exposures = routed human visits; conversions attributed to the variant of
 * their click) put through the statistics (statistics/analyze-test.ts): the comparison of every
 * variant with the control, the sample-ratio check and the verdict. A draft has no data.
 */
export async function analyzeAbTest(
  ctx: AbtestContext,
  found: TestWithVariants,
  days: number,
): Promise<AbTestAnalysis> {
  const { test, variants } = found;
  const since = test.startedAt;
  const counts = since
    ? await ctx.variantStats.countVariants({
        accountId: test.accountId,
        testId: test.id,
        linkId: test.linkId,
        since,
        days,
      })
    : [];
  const byId = new Map(counts.map((count) => [count.variantId, count]));
  const control = variants.find((variant) => variant.control) ?? variants[0]!;
  const analysis = analyzeTest({
    arms: variants.map((variant) => {
      const count = byId.get(variant.id);
      return {
        id: variant.id,
        name: variant.name,
        control: variant.id === control.id,
        weight: variant.trafficWeight,
        visitors: count?.visitors ?? 0,
        exposures: count?.exposures ?? 0,
        conversions: count?.conversions ?? 0,
      };
    }),
    confidenceLevel: test.confidenceLevel as 90 | 95 | 99,
    minSampleSize: test.minSampleSize,
    sequential: { enabled: true, tuning: ctx.sequentialTuning },
    status: test.status,
    conversionsEnabled: test.conversionsEnabled,
  });
  return {
    test: found,
    since,
    variants: variants.map((variant) => {
      const arm = analysis.arms.find((a) => a.id === variant.id)!;
      const versus = analysis.comparisons.find((c) => c.armId === variant.id);
      return {
        variant,
        visitors: arm.visitors,
        exposures: arm.exposures,
        conversions: arm.conversions,
        conversionRate: arm.conversionRate,
        comparison: versus
          ? {
              absoluteDifference: versus.absoluteDifference.value,
              absoluteDifferenceInterval: versus.absoluteDifference.ci,
              relativeLift: versus.relativeLift.value,
              relativeLiftInterval: versus.relativeLift.ci,
              standardError: versus.relativeLift.se,
              degreesOfFreedom: versus.relativeLift.df,
              pValue: versus.pValue,
              zScore: versus.pooledZ.z,
              zPValue: versus.pooledZ.pValue,
              chanceToBeatControl: versus.chanceToBeatControl,
              expectedLossControl: versus.expectedLoss.control,
              expectedLossVariant: versus.expectedLoss.variant,
              sequentialInterval: versus.sequential?.ci ?? null,
              sequentialPValue: versus.sequential?.pValue ?? null,
              adjustedPValue: versus.adjustedPValue,
              significant: versus.significant,
            }
          : null,
        timeline: byId.get(variant.id)?.timeline ?? [],
      };
    }),
    sampleRatio: analysis.srm
      ? {
          chiSquare: analysis.srm.chiSquare,
          degreesOfFreedom: analysis.srm.df,
          pValue: analysis.srm.pValue,
          flagged: analysis.srm.flagged,
        }
      : null,
    verdict: since ? analysis.verdict : "insufficient_data",
    reason: since ? analysis.reason : "The test has not started: start it to send visitors to its variants",
    winnerVariantId: analysis.winnerArmId,
    decisionBasis: analysis.decisionBasis,
    confidenceLevel: test.confidenceLevel,
  };
}
