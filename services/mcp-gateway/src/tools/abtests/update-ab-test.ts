import { z } from "zod";
import { defineTool } from "../tool-definition";
import { abTestIdParam, abTestSchema, toAbTestOutput, toVariantInput, variantInput } from "./ab-test-output";

export const updateAbTest = defineTool({
  name: "updateAbTest",
  title: "Change a draft A/B test",
  description:
    "Changes a test that is still a draft (any other status is refused with INVALID_STATE): only the parameters given change; variants replaces the list (name a variant's id to keep it). The one change a completed test takes is archived.",
  input: {
    id: abTestIdParam,
    name: z.string().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    variants: z.array(variantInput).min(1).max(10).optional(),
    traffic_split_mode: z.enum(["equal", "weighted"]).optional(),
    conversions_enabled: z.boolean().optional(),
    min_sample_size: z.number().int().min(10).max(10_000_000).optional(),
    confidence_level: z.union([z.literal(90), z.literal(95), z.literal(99)]).optional(),
    auto_complete: z.boolean().optional(),
    min_duration_days: z.number().int().min(1).max(365).optional(),
    archived: z.boolean().optional().describe("Hide a completed test from lists"),
  },
  output: { test: abTestSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "abtest:write",
  async run(clients, args) {
    const { test } = await clients.abTests.updateAbTest({
      id: args.id,
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.description === undefined ? {} : { description: args.description }),
      ...(args.variants === undefined ? {} : { variants: { variants: args.variants.map(toVariantInput) } }),
      ...(args.traffic_split_mode === undefined ? {} : { trafficSplitMode: args.traffic_split_mode }),
      ...(args.conversions_enabled === undefined ? {} : { conversionsEnabled: args.conversions_enabled }),
      ...(args.min_sample_size === undefined ? {} : { minSampleSize: args.min_sample_size }),
      ...(args.confidence_level === undefined ? {} : { confidenceLevel: args.confidence_level }),
      ...(args.auto_complete === undefined ? {} : { autoComplete: args.auto_complete }),
      ...(args.min_duration_days === undefined ? {} : { minDurationDays: args.min_duration_days }),
      ...(args.archived === undefined ? {} : { archived: args.archived }),
    });
    return { test: toAbTestOutput(test) };
  },
});
