import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import type { AbtestContext } from "../abtest-context";
import { SERVICE_NAME } from "../config";
import { applyLinkChange } from "./apply-link-change";

/**
 * Link changes (group = service name). From the beginning when the group is new: a deletion
 * missed while the service was down must still end its tests.
 */
export function startLinkEventConsumer(bus: EventBus, ctx: AbtestContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: SERVICE_NAME,
    topics: [eventTopics.link],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => applyLinkChange(ctx, message),
  });
}
