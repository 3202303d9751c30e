import { type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import type { SiblingChannel } from "../cluster/sibling-channel";
import type { LinkCache } from "../links/link-cache";
import { applyLinkChange } from "./apply-link-change";

/**
 * Group id = service name: one replica applies each change to the shared cache
 * (docs/architecture.md#events).
 */
export const LINK_CHANGES_GROUP = "redirector";

/**
 * Consumes link changes for cache invalidation. It starts at the end of the topic when the group
 * has no offsets yet: caches start empty, so history has nothing to invalidate. Other replicas'
 * in-process LRUs catch up within LINK_L1_TTL_MS. A change the shared cache cannot take (Redis
 * down) fails as retryable and is retried, its offset uncommitted, until Redis is back: moving on
 * would leave the old state in Redis for every replica to read. Workers of one redirector
 * (REDIRECTOR_WORKERS) are told at once by the one that applied it (`siblings`).
 */
export function startLinkChangeConsumer(
  bus: EventBus,
  cache: LinkCache,
  siblings?: SiblingChannel,
): Promise<EventConsumer> {
  return bus.consume({
    groupId: LINK_CHANGES_GROUP,
    topics: [eventTopics.link],
    fromBeginning: false,
    retryBackoff: { initialMs: 50, maxMs: 1_000 },
    maxAttempts: 3,
    handler: async (message) => {
      await applyLinkChange(cache, message);
      siblings?.tell(message.value);
    },
  });
}
