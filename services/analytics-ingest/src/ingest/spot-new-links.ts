import { LRUCache } from "lru-cache";
import type { ClickRow } from "./click-row";

/** The accounts of a batch with a link this process has not written a click of before. */
export type NewLinkSpotter = (rows: readonly ClickRow[]) => string[];

/**
 * Remembers which (account, link) pairs this process has written clicks of, so that a link's
 * first clicks move its account's "links" generation (what reports remember of which links a
 * code names). Another replica, a restart or an evicted pair only means one more move than
 * needed: never one too few, since every new pair is unseen somewhere.
 */
export function createNewLinkSpotter(maxPairs = 100_000): NewLinkSpotter {
  const seen = new LRUCache<string, true>({ max: maxPairs });
  return (rows) => {
    const accounts = new Set<string>();
    for (const row of rows) {
      const pair = `${row.account_id}|${row.link_id}`;
      if (seen.has(pair)) continue;
      seen.set(pair, true);
      accounts.add(row.account_id);
    }
    return [...accounts];
  };
}
