import { type Clock, cacheTimer, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import type { linksV1 } from "@kurz/proto";
import { LRUCache } from "lru-cache";
import type { HostSettingsSource } from "./host-settings-source";

export interface HostSettingsCache {
  /**
   * The settings of a verified branded domain or a subdomain, null for any other host. Rejects
   * with DEPENDENCY_UNAVAILABLE only when link-api cannot be asked and no copy (even a stale one)
   * is held.
   */
  lookup(host: string): Promise<linksV1.HostSettings | null>;
  /** A changed domain: its host is asked again on the next lookup. */
  forget(host: string): void;
}

export interface HostSettingsCacheOptions {
  source: HostSettingsSource;
  logger: Logger;
  ttlMs: number;
  maxEntries?: number;
  clock?: Clock;
}

/** lru-cache cannot hold null; this marks a host known to have no settings. */
const NONE = Symbol("none");

/**
 * An in-process LRU of hosts' settings in front of link-api's ResolveHost. Asked only off the hot
 * path (a host's root, an unknown code, an expired link, an association file), so one process-local
 * layer is enough; concurrent misses for a host share one call, and an expired entry is still
 * served while link-api cannot be asked.
 */
export function createHostSettingsCache(options: HostSettingsCacheOptions): HostSettingsCache {
  const entries = new LRUCache<string, linksV1.HostSettings | typeof NONE>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs,
    ttlAutopurge: false,
    // Read the clock on every lookup (the default reuses a reading for 1 ms of real time).
    ttlResolution: 0,
    noDeleteOnStaleGet: true,
    updateAgeOnGet: false,
    perf: cacheTimer(options.clock ?? systemClock),
  });
  const inFlight = new Map<string, Promise<linksV1.HostSettings | null>>();

  async function fetch(host: string): Promise<linksV1.HostSettings | null> {
    try {
      const settings = await options.source(host);
      entries.set(host, settings ?? NONE);
      return settings;
    } catch (error) {
      const stale = entries.get(host, { allowStale: true });
      if (stale !== undefined) {
        options.logger.warn(
          { event: "host_settings.serving_stale", host, err: error },
          "link-api unavailable",
        );
        return stale === NONE ? null : stale;
      }
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "link-api cannot tell this host's settings",
        cause: error,
      });
    }
  }

  return {
    lookup(host) {
      const held = entries.get(host);
      if (held !== undefined) return Promise.resolve(held === NONE ? null : held);
      let pending = inFlight.get(host);
      if (!pending) {
        pending = fetch(host).finally(() => inFlight.delete(host));
        inFlight.set(host, pending);
      }
      return pending;
    },
    forget(host) {
      entries.delete(host);
    },
  };
}
