import { z } from "zod";
import { defineTool } from "../tool-definition";
import { abTestSchema, toAbTestOutput, toVariantInput, variantInput } from "./ab-test-output";

export const createAbTest = defineTool({
  name: "createAbTest",
  title: "Create an A/B test",
  description:
    'Creates an A/B split test as a draft (it routes nobody until startAbTest). With primary_url_id an existing link is tested and its own destination is the control unless a variant is marked control; without it a new link is made for the test (alias short_code, or a random code). Counts against the plan\'s A/B tests. Example: two landing pages at 50/50 on a new link "spring-ab".',
  input: {
    name: z.string().min(1).max(200).describe('e.g. "Spring landing page"'),
    description: z.string().max(2000).optional(),
    variants: z
      .array(variantInput)
      .min(1)
      .max(10)
      .describe("2 to 10 variants (with primary_url_id, 1 more besides the link's own destination)"),
    primary_url_id: z
      .string()
      .max(200)
      .optional()
      .describe("Test this existing link (its code, alias or id)"),
    short_code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,50}$/)
      .optional()
      .describe("Alias of the new link, when no primary_url_id"),
    traffic_split_mode: z
      .enum(["equal", "weighted"])
      .default("equal")
      .describe("weighted: use each traffic_weight"),
    conversions_enabled: z
      .boolean()
      .default(true)
      .describe("Count conversions (recordConversion) per variant"),
    min_sample_size: z
      .number()
      .int()
      .min(10)
      .max(10_000_000)
      .default(100)
      .describe("Visitors per variant before a verdict"),
    confidence_level: z.union([z.literal(90), z.literal(95), z.literal(99)]).default(95),
    auto_complete: z
      .boolean()
      .default(false)
      .describe("Complete on its own once a winner is clear and min_duration_days passed"),
    min_duration_days: z.number().int().min(1).max(365).default(7),
  },
  output: { test: abTestSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "abtest:write",
  planFeature: "abTests",
  async run(clients, args) {
    const { test } = await clients.abTests.createAbTest({
      name: args.name,
      description: args.description ?? "",
      variants: args.variants.map(toVariantInput),
      primaryUrlId: args.primary_url_id ?? "",
      shortCode: args.short_code ?? "",
      trafficSplitMode: args.traffic_split_mode,
      conversionsEnabled: args.conversions_enabled,
      minSampleSize: args.min_sample_size,
      confidenceLevel: args.confidence_level,
      autoComplete: args.auto_complete,
      minDurationDays: args.min_duration_days,
    });
    return { test: toAbTestOutput(test) };
  },
});
