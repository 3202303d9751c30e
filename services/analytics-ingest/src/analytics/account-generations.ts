import type { CacheStore } from "@kurz/cache";
import type { Logger } from "@kurz/logger";

/**
 * A counter per account that moves whenever clicks of the account are written, kept in the
 * cache port (Redis when distributed, so every replica's readers see a write made by any
 * replica's ingest; memory when embedded). Answers cached from the click store are keyed by it:
 * a write makes them unreachable at once, with no need to know which ones it changed.
 */
export interface AccountGenerations {
  /** The account's generation now; undefined when the cache cannot be reached (cache nothing then). */
  current(accountId: string): Promise<string | undefined>;
  /** Moves the accounts' generations on: called after their clicks are written, before the ack. */
  bump(accountIds: Iterable<string>): Promise<void>;
}

/** A generation outlives any cached answer keyed by it (those live a minute at most). */
const GENERATION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * `kind` names what the counter tracks: "days" (clicks written for an account's past days) or
 * "links" (an account's first clicks of a link), each moved by its own writes.
 */
export function createAccountGenerations(
  cache: CacheStore,
  logger?: Logger,
  kind: "days" | "links" = "days",
): AccountGenerations {
  const keyOf = (accountId: string) => `analytics:generation:${kind}:${accountId}`;
  return {
    async current(accountId) {
      try {
        return (await cache.get(keyOf(accountId))) ?? "0";
      } catch {
        return undefined;
      }
    },
    async bump(accountIds) {
      const accounts = [...new Set(accountIds)];
      try {
        await Promise.all(
          accounts.map((accountId) => cache.increment(keyOf(accountId), 1, GENERATION_TTL_MS)),
        );
      } catch (err) {
        // Cached answers then live out their TTL: a minute of possibly older day coverage.
        logger?.warn(
          { event: "analytics.generation_bump_failed", err },
          "analytics cache generation not moved",
        );
      }
    },
  };
}

/** The counters reports' remembered lookups are keyed by (cache-day-coverage, cache-link-lookup). */
export interface ReportGenerations {
  days: AccountGenerations;
  links: AccountGenerations;
}

export function createReportGenerations(cache: CacheStore, logger?: Logger): ReportGenerations {
  return {
    days: createAccountGenerations(cache, logger, "days"),
    links: createAccountGenerations(cache, logger, "links"),
  };
}
