import { destinationUrlField as destinationUrl, nameProblem } from "@kurz/service-runtime";
import { z } from "zod";
import { AB_TEST_STATUSES } from "../db/schema";

/**
 * At least 2 variants (docs/api/ab-tests.md#variants-and-split); more than 10 makes every arm too
 * thin to ever reach significance.
 */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 10;
export const CONFIDENCE_LEVELS = [90, 95, 99] as const;

const text = (max: number, what: string) =>
  z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `${what} ${problem}` });
    });

const uuid = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "must be a UUID")
  .transform((value) => value.toLowerCase());

export const variantInputSchema = z.strictObject({
  id: uuid.optional().describe("Variant UUID: required to keep an existing variant in an update"),
  name: text(100, "name").optional().describe("Shown in results; default: Control, Variant B, C, ..."),
  destination_url: destinationUrl,
  traffic_weight: z
    .number()
    .int("traffic_weight must be a whole percent")
    .min(1)
    .max(99)
    .optional()
    .describe("Percent of visitors (weighted mode: required, all weights sum to 100)"),
  control: z.boolean().optional().describe("The variant the others are compared with (at most one)"),
});

export type VariantInput = z.output<typeof variantInputSchema>;

const variants = z.array(variantInputSchema).max(MAX_VARIANTS, `at most ${MAX_VARIANTS} variants`);
const splitMode = z.enum(["equal", "weighted"]);
const minSampleSize = z.number().int().min(1).max(10_000_000);
const confidenceLevel = z.union(CONFIDENCE_LEVELS.map((level) => z.literal(level)));
const minDurationDays = z.number().int().min(1).max(365);

const aliasField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{3,50}$/, "3 to 50 letters, digits, '-' or '_'")
  .describe("Alias of the rotator link created for the test (without primary_url_id)");

export const createAbTestInputSchema = z.strictObject({
  name: text(200, "name").refine((value) => value.trim() !== "", "name is required"),
  description: text(2000, "description").optional(),
  variants: variants.describe(
    "At least 2 variants. With primary_url_id and no control marked, the link's own destination becomes the control",
  ),
  short_code: aliasField.optional(),
  primary_url_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "Existing short link to test on (UUID, short code or alias); omitted: a rotator link is created",
    ),
  traffic_split_mode: splitMode.optional().describe("equal (default) or weighted"),
  conversions_enabled: z.boolean().optional(),
  min_sample_size: minSampleSize.optional().describe("Visitors per variant before a verdict (default 100)"),
  confidence_level: confidenceLevel.optional().describe("90, 95 (default) or 99"),
  auto_complete: z
    .boolean()
    .optional()
    .describe("Complete on its own once the verdict is `winner` and min_duration_days have passed"),
  min_duration_days: minDurationDays.optional().describe("Default 7"),
});

export type CreateAbTestInput = z.output<typeof createAbTestInputSchema>;

export const updateAbTestInputSchema = z.strictObject({
  name: text(200, "name")
    .refine((value) => value.trim() !== "", "name must not be empty")
    .optional(),
  description: text(2000, "description").optional(),
  variants: variants.optional().describe("Replaces the variant list (drafts only); keep a variant by its id"),
  traffic_split_mode: splitMode.optional(),
  conversions_enabled: z.boolean().optional(),
  min_sample_size: minSampleSize.optional(),
  confidence_level: confidenceLevel.optional(),
  auto_complete: z.boolean().optional(),
  min_duration_days: minDurationDays.optional(),
  archived: z.boolean().optional().describe("Hide from lists (not while running or paused)"),
});

export type UpdateAbTestInput = z.output<typeof updateAbTestInputSchema>;

export const listAbTestsQuerySchema = z.strictObject({
  status: z.enum(AB_TEST_STATUSES).optional(),
  archived: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional()
    .describe("true: include archived tests (default false)"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export type ListAbTestsQuery = z.output<typeof listAbTestsQuerySchema>;

export const completeAbTestInputSchema = z.strictObject({
  winner_variant_id: uuid
    .optional()
    .describe("Omitted: the statistics' winner when the verdict is winner, else the control"),
});

export const abTestAnalyticsQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(7).describe("Days of daily timeline (default 7)"),
});
