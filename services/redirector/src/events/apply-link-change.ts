import { decodeEnvelope, decodePayload, type ReceivedMessage } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import type { LinkCache } from "../links/link-cache";

/**
 * Brings the caches up to date from one `kurz.link.v1` event: the new snapshot replaces the cached
 * one (so a created link also clears a cached "unknown"), a deleted link becomes unknown, and a
 * link moved to another host or code leaves its old key as unknown. Other event types of the
 * topic are ignored.
 */
export async function applyLinkChange(
  cache: LinkCache,
  message: Pick<ReceivedMessage, "value">,
): Promise<void> {
  const envelope = decodeEnvelope(message.value);
  const change = decodePayload(envelope, linksV1.LinkChangedSchema);
  const link = change?.link;
  if (!change || !link) return;
  if (envelope.type === "link.deleted") {
    await cache.forget(link.host, link.code);
  } else {
    await cache.put(link);
  }
  const movedFrom = {
    host: change.previousHost || link.host,
    code: change.previousCode || link.code,
  };
  if (movedFrom.host !== link.host || movedFrom.code !== link.code) {
    await cache.forget(movedFrom.host, movedFrom.code);
  }
}
