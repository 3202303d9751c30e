import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import type { IngestPipeline } from "./create-ingest-pipeline";

/** Group id = service name (docs/architecture.md#events). */
export const INGEST_GROUP = "analytics-ingest";

/**
 * Joins the group on clicks and conversions, in batches of up to `maxMessages` per partition,
 * each committed only once its rows are in ClickHouse. A batch holding a malformed message fails
 * (writes are retried inside the pipeline, so only decoding fails): after 3 attempts its messages
 * go one by one and the malformed one to `<topic>.dlq` while the partition flows on.
 */
export function startIngestConsumer(
  bus: EventBus,
  pipeline: IngestPipeline,
  maxMessages: number,
): Promise<EventConsumer> {
  return bus.consumeBatches({
    groupId: INGEST_GROUP,
    topics: [eventTopics.click, eventTopics.conversion],
    maxAttempts: 3,
    retryBackoff: { initialMs: 50, maxMs: 500 },
    concurrency: 3,
    batch: { maxMessages },
    handleBatch: (messages, context) => pipeline.handleBatch(messages, context),
    handler: (message) => pipeline.handleOne(message),
  });
}
