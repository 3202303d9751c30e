import { decodeEnvelope, decodePayload, type EventBus, type EventConsumer, eventTopics } from "@kurz/events";
import { domainsV1 } from "@kurz/proto";
import type { HostSettingsCache } from "../links/host-settings-cache";

export const DOMAIN_CHANGES_GROUP = "redirector-hosts";

/**
 * Consumes domain changes (`kurz.domain.v1`) so a domain's new settings reach visitors at once
 * rather than after HOST_SETTINGS_TTL_MS: the changed host is dropped from the host settings
 * cache of the process that took the change. The cache is in-process, so with several replicas
 * (or workers) the others follow within HOST_SETTINGS_TTL_MS. Starts at the end of the topic:
 * a cache starts empty.
 */
export function startDomainChangeConsumer(
  bus: EventBus,
  settings: HostSettingsCache,
): Promise<EventConsumer> {
  return bus.consume({
    groupId: DOMAIN_CHANGES_GROUP,
    topics: [eventTopics.domain],
    fromBeginning: false,
    retryBackoff: { initialMs: 50, maxMs: 1_000 },
    maxAttempts: 3,
    handler: async (message) => {
      const change = decodePayload(decodeEnvelope(message.value), domainsV1.DomainChangedSchema);
      const domain = change?.domain;
      if (domain?.case === "brandedDomain") settings.forget(domain.value.domain);
      if (domain?.case === "subdomain") settings.forget(domain.value.host);
    },
  });
}
