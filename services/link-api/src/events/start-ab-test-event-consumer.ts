import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import { dropEndedAbRouting } from "../abtests/drop-ended-ab-routing";
import { SERVICE_NAME } from "../config";
import type { LinkApiContext } from "../link-api-context";

/**
 * A/B test events (group = service name): a deleted or completed test's routing is dropped from
 * its link (dropEndedAbRouting).
 */
export function startAbTestEventConsumer(bus: EventBus, ctx: LinkApiContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: SERVICE_NAME,
    topics: [eventTopics.abtest],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => dropEndedAbRouting(ctx, message),
  });
}
