import { type Clock, cacheTimer, systemClock } from "@kurz/clock";
import { LRUCache } from "lru-cache";
import type { AccountGenerations } from "./account-generations";

export interface RememberOptions {
  /** How long an answer is used at most, whatever the generation (default 60 s). */
  ttlMs?: number;
  maxEntries?: number;
  /** What the TTL is measured on (tests move it). */
  clock?: Clock;
}

/**
 * Remembers an account's answers under the account's current generation: a write that moves the
 * generation makes every answer kept under the old one unreachable at once; none is used longer
 * than the TTL. Concurrent askers share one statement; a failed one is not remembered. Without a
 * generation (the cache port unreachable) every call asks afresh.
 */
export function rememberByGeneration<T>(
  generations: AccountGenerations,
  options: RememberOptions = {},
): (accountId: string, key: string, ask: () => Promise<T>) => Promise<T> {
  const known = new LRUCache<string, Promise<T>>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
    perf: cacheTimer(options.clock ?? systemClock),
    // Every check reads the clock (lru-cache would reuse a reading for 1 ms of real time).
    ttlResolution: 0,
  });
  return async (accountId, key, ask) => {
    const generation = await generations.current(accountId);
    if (generation === undefined) return ask();
    const id = `${accountId}|${generation}|${key}`;
    let answer = known.get(id);
    if (answer === undefined) {
      answer = ask();
      known.set(id, answer);
      answer.catch(() => known.delete(id));
    }
    return answer;
  };
}
