import { z } from "zod";
import { AB_TEST_STATUSES } from "../db/schema";
import type { TestWithVariants } from "./test-with-variants";

export const abVariantViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    destination_url: z.string(),
    traffic_weight: z.number().describe("Percent of visitors"),
    control: z.boolean(),
  })
  .meta({ id: "AbVariant" });

export const abTestViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    status: z.enum(AB_TEST_STATUSES).describe("A new test is a draft"),
    archived: z.boolean(),
    traffic_split_mode: z.enum(["equal", "weighted"]),
    conversions_enabled: z.boolean(),
    min_sample_size: z.number(),
    confidence_level: z.number(),
    auto_complete: z.boolean(),
    min_duration_days: z.number(),
    primary_url_id: z.string().describe("The link the test routes"),
    short_url: z.string(),
    rotator: z.boolean().describe("true: the test created its link"),
    original_destination_url: z.string().describe("Served while the test is paused"),
    variants: z.array(abVariantViewSchema),
    winner_variant_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: "AbTest" });

export type AbTestView = z.output<typeof abTestViewSchema>;

/** The REST form of a test (the field names of docs/api/ab-tests.md#test-fields). */
export function toAbTestView({ test, variants }: TestWithVariants): AbTestView {
  return {
    id: test.id,
    name: test.name,
    description: test.description,
    status: test.status,
    archived: test.archived,
    traffic_split_mode: test.trafficSplitMode,
    conversions_enabled: test.conversionsEnabled,
    min_sample_size: test.minSampleSize,
    confidence_level: test.confidenceLevel,
    auto_complete: test.autoComplete,
    min_duration_days: test.minDurationDays,
    primary_url_id: test.linkId,
    short_url: test.shortUrl,
    rotator: test.rotator,
    original_destination_url: test.originalDestinationUrl,
    variants: variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      destination_url: variant.destinationUrl,
      traffic_weight: variant.trafficWeight,
      control: variant.control,
    })),
    winner_variant_id: test.winnerVariantId,
    created_at: test.createdAt.toISOString(),
    updated_at: test.updatedAt.toISOString(),
    started_at: test.startedAt?.toISOString() ?? null,
    completed_at: test.completedAt?.toISOString() ?? null,
  };
}
