import { z } from "zod";
import type { AbTestAnalysis, Interval } from "./analyze-ab-test";
import { abTestViewSchema, toAbTestView } from "./to-ab-test-view";

const interval = z.tuple([z.number(), z.number()]).nullable();
const nullableNumber = z.number().nullable();

const comparisonSchema = z
  .object({
    absolute_difference: nullableNumber.describe("p_variant - p_control"),
    absolute_difference_interval: interval.describe("Wald interval at the test's confidence level"),
    relative_lift: nullableNumber.describe("(p_variant - p_control) / p_control"),
    relative_lift_interval: interval.describe("Delta-method interval, Welch t (fixed horizon)"),
    standard_error: nullableNumber.describe("Of the relative lift"),
    degrees_of_freedom: nullableNumber.describe("Welch–Satterthwaite"),
    p_value: nullableNumber.describe("Fixed-horizon two-sided p-value (Welch t on the lift)"),
    z_score: nullableNumber.describe("Pooled two-proportion z"),
    z_p_value: nullableNumber,
    chance_to_beat_control: nullableNumber.describe(
      "Fixed-horizon figure: Φ(lift / standard error), meaningful once, at the planned sample size; not a probability to watch live",
    ),
    expected_loss_control: nullableNumber.describe("Expected relative loss of keeping the control"),
    expected_loss_variant: nullableNumber.describe("Expected relative loss of choosing this variant"),
    sequential_interval: interval.describe("Always-valid interval of the lift: safe to watch live"),
    sequential_p_value: nullableNumber.describe("Always-valid p-value"),
    adjusted_p_value: nullableNumber.describe(
      "The p-value the verdict uses, Holm-adjusted with more than 2 variants",
    ),
    significant: z.boolean(),
  })
  .meta({ id: "AbComparison" });

export const abTestAnalyticsViewSchema = z
  .object({
    test: abTestViewSchema,
    since: z.string().nullable().describe("Counted from the first start (null: never started)"),
    verdict: z.enum(["insufficient_data", "srm_mismatch", "running", "winner", "inconclusive"]),
    reason: z.string().describe("The verdict in words"),
    winner_variant_id: z.string().nullable(),
    decision_basis: z.enum(["sequential", "fixed_horizon"]),
    confidence_level: z.number(),
    sample_ratio: z
      .object({
        chi_square: z.number(),
        degrees_of_freedom: z.number(),
        p_value: z.number(),
        flagged: z.boolean(),
      })
      .nullable()
      .describe("Sample-ratio mismatch check of the visitors against the weights"),
    variants: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        control: z.boolean(),
        traffic_weight: z.number(),
        visitors: z.number().describe("Unique visitors exposed: the denominator"),
        exposures: z.number().describe("Routed human visits"),
        conversions: z.number(),
        conversion_rate: nullableNumber,
        comparison: comparisonSchema.nullable().describe("Versus the control (null for the control)"),
        timeline: z.array(
          z.object({ day: z.string(), exposures: z.number(), visitors: z.number(), conversions: z.number() }),
        ),
      }),
    ),
  })
  .meta({ id: "AbTestAnalytics" });

const pair = (value: Interval | null) => (value ? ([value[0], value[1]] as [number, number]) : null);

/** The REST form of a test's results. */
export function toAbTestAnalyticsView(analysis: AbTestAnalysis): z.output<typeof abTestAnalyticsViewSchema> {
  return {
    test: toAbTestView(analysis.test),
    since: analysis.since?.toISOString() ?? null,
    verdict: analysis.verdict,
    reason: analysis.reason,
    winner_variant_id: analysis.winnerVariantId,
    decision_basis: analysis.decisionBasis,
    confidence_level: analysis.confidenceLevel,
    sample_ratio: analysis.sampleRatio
      ? {
          chi_square: analysis.sampleRatio.chiSquare,
          degrees_of_freedom: analysis.sampleRatio.degreesOfFreedom,
          p_value: analysis.sampleRatio.pValue,
          flagged: analysis.sampleRatio.flagged,
        }
      : null,
    variants: analysis.variants.map((result) => {
      const c = result.comparison;
      return {
        id: result.variant.id,
        name: result.variant.name,
        control: result.variant.control,
        traffic_weight: result.variant.trafficWeight,
        visitors: result.visitors,
        exposures: result.exposures,
        conversions: result.conversions,
        conversion_rate: result.conversionRate,
        comparison: c
          ? {
              absolute_difference: c.absoluteDifference,
              absolute_difference_interval: pair(c.absoluteDifferenceInterval),
              relative_lift: c.relativeLift,
              relative_lift_interval: pair(c.relativeLiftInterval),
              standard_error: c.standardError,
              degrees_of_freedom: c.degreesOfFreedom,
              p_value: c.pValue,
              z_score: c.zScore,
              z_p_value: c.zPValue,
              chance_to_beat_control: c.chanceToBeatControl,
              expected_loss_control: c.expectedLossControl,
              expected_loss_variant: c.expectedLossVariant,
              sequential_interval: pair(c.sequentialInterval),
              sequential_p_value: c.sequentialPValue,
              adjusted_p_value: c.adjustedPValue,
              significant: c.significant,
            }
          : null,
        timeline: result.timeline.map((point) => ({
          day: point.day.toISOString().slice(0, 10),
          exposures: point.exposures,
          visitors: point.visitors,
          conversions: point.conversions,
        })),
      };
    }),
  };
}
