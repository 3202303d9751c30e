import { z } from "zod";
import { idField, isoTimeField, nullableIdField, nullableIsoTimeField } from "./webhook-payload-fields";

/** `data` of abtest.started and abtest.completed: the REST API's AbTest (already snake_case there). */
export const abTestDataSchema = z
  .object({
    id: idField("The A/B test's UUID"),
    name: z.string().describe("The test's name"),
    description: z.string().describe("Empty when none was given"),
    status: z.enum(["draft", "running", "paused", "completed"]).describe("Where the test stands"),
    archived: z.boolean().describe("Hidden from test lists (only finished or draft tests)"),
    traffic_split_mode: z
      .enum(["equal", "weighted"])
      .describe("equal: visitors spread evenly; weighted: by traffic_weight"),
    conversions_enabled: z.boolean().describe("Conversions are counted toward the verdict"),
    min_sample_size: z
      .number()
      .int()
      .nonnegative()
      .describe("Visitors each variant needs before significance"),
    confidence_level: z.number().int().describe("90, 95 or 99 (percent)"),
    auto_complete: z.boolean().describe("Completes on its own once a winner is significant"),
    min_duration_days: z
      .number()
      .int()
      .nonnegative()
      .describe("Days it runs at least before completing on its own"),
    primary_url_id: idField("The UUID of the link whose traffic the test splits"),
    short_url: z.string().describe("That link's short address"),
    rotator: z.boolean().describe("true: the test created its link; false: it tests an existing link"),
    original_destination_url: z
      .string()
      .describe("The link's destination before the test, served while paused"),
    variants: z
      .array(
        z.object({
          id: idField("The variant's UUID"),
          name: z.string().describe("The variant's name"),
          destination_url: z.string().describe("Where the variant sends visitors"),
          traffic_weight: z.number().int().min(0).max(100).describe("Percent of visitors"),
          control: z.boolean().describe("The variant the others are compared with"),
        }),
      )
      .describe("In the order they were given"),
    winner_variant_id: nullableIdField("The winning variant once completed; null: none (yet)"),
    created_at: isoTimeField("When the test was created"),
    updated_at: isoTimeField("When the test last changed"),
    started_at: nullableIsoTimeField("First start; null while a draft"),
    completed_at: nullableIsoTimeField("When it was completed; null until then"),
  })
  .describe("An A/B split test");

export const abTestStartedDataSchema = abTestDataSchema
  .extend({
    status: z.literal("running").describe("Where the test stands: running"),
    started_at: isoTimeField("First start"),
  })
  .describe("An A/B test that now splits its link's traffic");

export const abTestCompletedDataSchema = abTestDataSchema
  .extend({
    status: z.literal("completed").describe("Where the test stands: completed"),
    completed_at: isoTimeField("When it was completed"),
    winner_variant_id: nullableIdField(
      "The variant whose destination the link now keeps; null when the test ended because its link was deleted",
    ),
  })
  .describe("An A/B test that has ended");

const headline = {
  id: "0194e2d1-7a8b-7c9d-8e0f-1a2b3c4d5e6f",
  name: "Landing page headline",
  description: "Price-first against benefit-first headline",
  status: "running",
  archived: false,
  traffic_split_mode: "equal",
  conversions_enabled: true,
  min_sample_size: 100,
  confidence_level: 95,
  auto_complete: true,
  min_duration_days: 7,
  primary_url_id: "0191c3a0-5e2b-7c4d-8e9f-1a2b3c4d5e6f",
  short_url: "https://go.acme.com/spring-sale",
  rotator: false,
  original_destination_url: "https://www.acme.com/sale",
  variants: [
    {
      id: "0194e2d1-7a8b-7c9d-8e0f-2b3c4d5e6f70",
      name: "Price first",
      destination_url: "https://www.acme.com/sale",
      traffic_weight: 50,
      control: true,
    },
    {
      id: "0194e2d1-7a8b-7c9d-8e0f-3c4d5e6f7081",
      name: "Benefit first",
      destination_url: "https://www.acme.com/sale-b",
      traffic_weight: 50,
      control: false,
    },
  ],
  winner_variant_id: null,
  created_at: "2025-03-01T10:00:00.000Z",
  updated_at: "2025-03-03T08:00:00.000Z",
  started_at: "2025-03-03T08:00:00.000Z",
  completed_at: null,
} satisfies z.input<typeof abTestStartedDataSchema>;

export const abTestPayloadExamples = {
  "abtest.started": headline,
  "abtest.completed": {
    ...headline,
    status: "completed",
    winner_variant_id: "0194e2d1-7a8b-7c9d-8e0f-3c4d5e6f7081",
    updated_at: "2025-03-12T02:00:04.000Z",
    completed_at: "2025-03-12T02:00:04.000Z",
  },
} satisfies {
  "abtest.started": z.input<typeof abTestStartedDataSchema>;
  "abtest.completed": z.input<typeof abTestCompletedDataSchema>;
};
