import type { ClickStore } from "@kurz/clickstore";
import { LRUCache } from "lru-cache";
import { findLinks } from "../queries/find-links";
import type { AccountGenerations } from "./account-generations";
import type { LinkRef } from "./analytics-types";

export type LinkLookup = (accountId: string, code: string) => Promise<LinkRef[]>;

/**
 * The account's clicked links with a code (findLinks: one statement, ~15 ms of a chDB round trip
 * before every report named by a code) change only when a link gets its first clicks. Remembered
 * per account, code and "links" generation — moved by the ingest pipeline, after the rows are
 * written and before it acknowledges, for accounts with a link it had not seen — and a minute at
 * most. Without a generation (the cache port unreachable) nothing is remembered.
 */
export function cacheLinkLookup(
  store: ClickStore,
  generations: AccountGenerations,
  options: { ttlMs?: number; maxEntries?: number } = {},
): LinkLookup {
  const known = new LRUCache<string, Promise<LinkRef[]>>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
  });
  return async (accountId, code) => {
    const generation = await generations.current(accountId);
    if (generation === undefined) return findLinks(store, accountId, code);
    const key = `${accountId}|${generation}|${code}`;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = findLinks(store, accountId, code);
      known.set(key, answer);
      // A failed statement is not remembered: the next report asks again.
      answer.catch(() => known.delete(key));
    }
    return answer;
  };
}
