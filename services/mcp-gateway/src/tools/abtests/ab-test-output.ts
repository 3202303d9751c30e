import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { abtestsV1 } from "@kurz/proto";
import { z } from "zod";

const iso = (t: { seconds: bigint; nanos: number } | undefined) =>
  t === undefined ? null : timestampDate(t as Parameters<typeof timestampDate>[0]).toISOString();

/** The `id` every A/B tool takes. */
export const abTestIdParam = z
  .string()
  .min(1)
  .max(200)
  .describe('The test\'s UUID, or the short code or alias of its link (tried first), e.g. "spring-ab"')
  .meta({ examples: ["spring-ab", "7c9e6679-7425-40de-944b-e07fc1f90ae7"] });

const variantSchema = z.object({
  id: z.string().describe("Variant id (UUID): what updateAbTest and completeAbTest take"),
  name: z.string(),
  destination_url: z.string(),
  traffic_weight: z.number().int().describe("Percent of the visitors"),
  control: z.boolean(),
});

/** A test as the tools return it: the REST API's AbTest fields. */
export const abTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(["draft", "running", "paused", "completed"]),
  archived: z.boolean(),
  traffic_split_mode: z.enum(["equal", "weighted"]),
  conversions_enabled: z.boolean(),
  min_sample_size: z.number().int(),
  confidence_level: z.number().int(),
  auto_complete: z.boolean(),
  min_duration_days: z.number().int(),
  short_url: z.string().describe("The link visitors use; it splits them while the test runs"),
  rotator: z.boolean().describe("true: the link was made for the test; false: an existing link is tested"),
  variants: z.array(variantSchema),
  winner_variant_id: z.string().nullable(),
  created_at: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export type AbTestOutput = z.output<typeof abTestSchema>;

export function toAbTestOutput(test: abtestsV1.AbTest | undefined): AbTestOutput {
  if (!test) throw new Error("abtest-engine answered without a test");
  return {
    id: test.id,
    name: test.name,
    description: test.description,
    status: test.status as AbTestOutput["status"],
    archived: test.archived,
    traffic_split_mode: test.trafficSplitMode as AbTestOutput["traffic_split_mode"],
    conversions_enabled: test.conversionsEnabled,
    min_sample_size: test.minSampleSize,
    confidence_level: test.confidenceLevel,
    auto_complete: test.autoComplete,
    min_duration_days: test.minDurationDays,
    short_url: test.shortUrl,
    rotator: test.rotator,
    variants: test.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      destination_url: variant.destinationUrl,
      traffic_weight: variant.trafficWeight,
      control: variant.control,
    })),
    winner_variant_id: test.winnerVariantId === "" ? null : test.winnerVariantId,
    created_at: iso(test.createdAt),
    started_at: iso(test.startedAt),
    completed_at: iso(test.completedAt),
  };
}

/** A variant as createAbTest and updateAbTest take it. */
export const variantInput = z.object({
  id: z
    .uuid()
    .optional()
    .describe("updateAbTest only: keep this existing variant (its visitors stay with it)"),
  name: z.string().max(100).optional().describe('e.g. "New headline"; default A, B, C...'),
  destination_url: z.url().max(2048).describe("Where this variant sends visitors, http(s)"),
  traffic_weight: z
    .number()
    .int()
    .min(1)
    .max(99)
    .optional()
    .describe("Percent of visitors, with traffic_split_mode weighted (the weights sum to 100)"),
  control: z.boolean().optional().describe("The baseline the others are compared with (default: the first)"),
});

export function toVariantInput(variant: z.output<typeof variantInput>) {
  return {
    id: variant.id ?? "",
    name: variant.name ?? "",
    destinationUrl: variant.destination_url,
    ...(variant.traffic_weight === undefined ? {} : { trafficWeight: variant.traffic_weight }),
    control: variant.control ?? false,
  };
}
