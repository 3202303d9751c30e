import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { abtestsV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput } from "./ab-test-output";

const interval = z.tuple([z.number(), z.number()]).nullable();
const num = z.number().nullable();

const comparisonSchema = z.object({
  absolute_difference: num.describe("Variant rate minus control rate"),
  absolute_difference_interval: interval,
  relative_lift: num.describe("Variant rate / control rate − 1"),
  relative_lift_interval: interval,
  p_value: num.describe("Two-sided, fixed horizon (Welch t on the lift)"),
  chance_to_beat_control: num,
  expected_loss_control: num,
  expected_loss_variant: num,
  sequential_interval: interval.describe("Always-valid interval on the lift: safe to look at any time"),
  sequential_p_value: num,
  adjusted_p_value: num.describe("The p-value the verdict uses (Holm-adjusted with several variants)"),
  significant: z.boolean(),
});

const n = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : value);
const pair = (i: abtestsV1.Interval | undefined): [number, number] | null =>
  i === undefined || !Number.isFinite(i.low) || !Number.isFinite(i.high) ? null : [i.low, i.high];

function comparisonOf(c: abtestsV1.Comparison | undefined): z.output<typeof comparisonSchema> | null {
  if (c === undefined) return null;
  return {
    absolute_difference: n(c.absoluteDifference),
    absolute_difference_interval: pair(c.absoluteDifferenceInterval),
    relative_lift: n(c.relativeLift),
    relative_lift_interval: pair(c.relativeLiftInterval),
    p_value: n(c.pValue),
    chance_to_beat_control: n(c.chanceToBeatControl),
    expected_loss_control: n(c.expectedLossControl),
    expected_loss_variant: n(c.expectedLossVariant),
    sequential_interval: pair(c.sequentialInterval),
    sequential_p_value: n(c.sequentialPValue),
    adjusted_p_value: n(c.adjustedPValue),
    significant: c.significant,
  };
}

export const getAbTestAnalytics = defineTool({
  name: "getAbTestAnalytics",
  title: "A/B test results",
  description:
    "Returns an A/B test's results: per variant visitors (distinct), exposures, conversions and rate; against the control the lift with its interval, p-values, chance to beat control and expected loss; a sample-ratio check; and a verdict (insufficient_data, srm_mismatch, running, winner, inconclusive) with its reason in words — report the reason to the user rather than calling a winner yourself. It changes nothing.",
  input: {
    id: abTestIdParam,
    days: z.number().int().min(1).max(366).default(7).describe("Days of daily timeline (default 7)"),
  },
  output: {
    test: abTestSchema,
    verdict: z.enum(["insufficient_data", "srm_mismatch", "running", "winner", "inconclusive"]),
    reason: z.string(),
    winner_variant_id: z.string().nullable(),
    decision_basis: z.string().describe("sequential (always-valid) or fixed_horizon"),
    confidence_level: z.number().int(),
    sample_ratio: z
      .object({
        chi_square: z.number(),
        degrees_of_freedom: z.number().int(),
        p_value: z.number(),
        flagged: z.boolean(),
      })
      .nullable(),
    variants: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        control: z.boolean(),
        traffic_weight: z.number().int(),
        visitors: z.number().int(),
        exposures: z.number().int(),
        conversions: z.number().int(),
        conversion_rate: num,
        comparison: comparisonSchema.nullable(),
        timeline: z.array(
          z.object({
            day: z.string(),
            visitors: z.number().int(),
            exposures: z.number().int(),
            conversions: z.number().int(),
          }),
        ),
      }),
    ),
  },
  annotations: READ_ONLY,
  scope: "abtest:read",
  async run(clients, args) {
    const a = await clients.abTests.getAbTestAnalytics({ id: args.id, days: args.days });
    const srm = a.sampleRatio;
    return {
      test: toAbTestOutput(a.test),
      verdict: a.verdict as "insufficient_data" | "srm_mismatch" | "running" | "winner" | "inconclusive",
      reason: a.reason,
      winner_variant_id: a.winnerVariantId === "" ? null : a.winnerVariantId,
      decision_basis: a.decisionBasis,
      confidence_level: a.confidenceLevel,
      sample_ratio:
        srm === undefined
          ? null
          : {
              chi_square: srm.chiSquare,
              degrees_of_freedom: srm.degreesOfFreedom,
              p_value: srm.pValue,
              flagged: srm.flagged,
            },
      variants: a.variants.map((v) => ({
        id: v.variantId,
        name: v.name,
        control: v.control,
        traffic_weight: v.trafficWeight,
        visitors: Number(v.visitors),
        exposures: Number(v.exposures),
        conversions: Number(v.conversions),
        conversion_rate: n(v.conversionRate),
        comparison: comparisonOf(v.comparison),
        timeline: v.timeline.map((d) => ({
          day: d.day ? timestampDate(d.day).toISOString().slice(0, 10) : "",
          visitors: Number(d.visitors),
          exposures: Number(d.exposures),
          conversions: Number(d.conversions),
        })),
      })),
    };
  },
});
