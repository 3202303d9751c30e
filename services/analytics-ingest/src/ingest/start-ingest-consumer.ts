import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import type { IngestPipeline } from "./create-ingest-pipeline";

/** Group id = service name (DESIGN §3). */
export const INGEST_GROUP = "analytics-ingest";

/**
 * Joins the group on clicks and conversions. A message that still fails after 3 attempts
 * (malformed: the handler does no fallible I/O, it waits instead) goes to `<topic>.dlq` and the
 * partition flows on.
 */
export function startIngestConsumer(bus: EventBus, pipeline: IngestPipeline): Promise<EventConsumer> {
  return bus.consume({
    groupId: INGEST_GROUP,
    topics: [eventTopics.click, eventTopics.conversion],
    maxAttempts: 3,
    retryBackoff: { initialMs: 50, maxMs: 500 },
    concurrency: 3,
    handler: (message) => pipeline.handle(message),
  });
}
