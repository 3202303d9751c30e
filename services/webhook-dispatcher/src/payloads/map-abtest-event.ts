import type { eventsV1 } from "@kurz/proto";
import { abtestsV1 } from "@kurz/proto";
import type { z } from "zod";
import type { abTestCompletedDataSchema, abTestDataSchema, abTestStartedDataSchema } from "./abtest-payloads";
import { decodeEventPayload } from "./decode-event-payload";
import { invalidEvent } from "./invalid-event";
import { isoTimeOf, isoTimeOrNull } from "./iso-time-of";
import type { MappedEvent } from "./mapped-event";

type AbTestData = z.output<typeof abTestDataSchema>;

export type MappedAbTestEvent =
  | MappedEvent<"abtest.started", z.output<typeof abTestStartedDataSchema>>
  | MappedEvent<"abtest.completed", z.output<typeof abTestCompletedDataSchema>>;

const STATUSES: readonly string[] = ["draft", "running", "paused", "completed"];
const SPLIT_MODES: readonly string[] = ["equal", "weighted"];

/**
 * abtest.started / abtest.completed (AbTestChanged) as the webhook of the same name. A test
 * that completes on its own (auto_complete) is completed through the same path as by hand, so
 * it arrives as abtest.completed too; "abtest.auto_completed" is only a log line.
 */
export function mapAbTestEvent(
  envelope: eventsV1.EventEnvelope,
  type: MappedAbTestEvent["type"],
): MappedAbTestEvent {
  const test = decodeEventPayload(envelope, abtestsV1.AbTestChangedSchema).test;
  if (!test || test.id === "") throw invalidEvent(envelope, "AbTestChanged carries no test");
  if (!STATUSES.includes(test.status))
    throw invalidEvent(envelope, `unknown A/B test status "${test.status}"`);
  if (!SPLIT_MODES.includes(test.trafficSplitMode)) {
    throw invalidEvent(envelope, `unknown traffic split mode "${test.trafficSplitMode}"`);
  }
  const data: AbTestData = {
    id: test.id,
    name: test.name,
    description: test.description,
    status: test.status as AbTestData["status"],
    archived: test.archived,
    traffic_split_mode: test.trafficSplitMode as AbTestData["traffic_split_mode"],
    conversions_enabled: test.conversionsEnabled,
    min_sample_size: test.minSampleSize,
    confidence_level: test.confidenceLevel,
    auto_complete: test.autoComplete,
    min_duration_days: test.minDurationDays,
    primary_url_id: test.linkId,
    short_url: test.shortUrl,
    rotator: test.rotator,
    original_destination_url: test.originalDestinationUrl,
    variants: [...test.variants]
      .sort((a, b) => a.position - b.position)
      .map((variant) => ({
        id: variant.id,
        name: variant.name,
        destination_url: variant.destinationUrl,
        traffic_weight: variant.trafficWeight,
        control: variant.control,
      })),
    winner_variant_id: test.winnerVariantId || null,
    created_at: isoTimeOf(envelope, test.createdAt, "created_at"),
    updated_at: isoTimeOf(envelope, test.updatedAt, "updated_at"),
    started_at: isoTimeOrNull(envelope, test.startedAt),
    completed_at: isoTimeOrNull(envelope, test.completedAt),
  };
  const linkId = test.linkId || undefined;
  if (type === "abtest.started") {
    if (data.status !== "running") throw invalidEvent(envelope, `a started test is ${data.status}`);
    return {
      type,
      data: { ...data, status: "running", started_at: isoTimeOf(envelope, test.startedAt, "started_at") },
      linkId,
    };
  }
  if (data.status !== "completed") throw invalidEvent(envelope, `a completed test is ${data.status}`);
  return {
    type,
    data: {
      ...data,
      status: "completed",
      completed_at: isoTimeOf(envelope, test.completedAt, "completed_at"),
    },
    linkId,
  };
}
