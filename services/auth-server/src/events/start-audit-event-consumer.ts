import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import { storeAuditEvent } from "../audit/store-audit-event";
import type { AuthContext } from "../auth-context";
import { SERVICE_NAME } from "../config";

/** Audit entries of the changes other services make (kurz.audit.v1): stored in the log. */
export function startAuditEventConsumer(bus: EventBus, ctx: AuthContext): Promise<EventConsumer> {
  return bus.consume({
    groupId: SERVICE_NAME,
    topics: [eventTopics.audit],
    retryBackoff: { initialMs: 100, maxMs: 5_000 },
    handler: (message) => storeAuditEvent(ctx, message),
  });
}
