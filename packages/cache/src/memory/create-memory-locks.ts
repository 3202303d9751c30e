import { randomUUID } from "node:crypto";
import type { Clock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { Lock, Locks } from "../cache-ports";
import { checkTtl } from "../check-arguments";
import { createLocks } from "../create-locks";

interface Held {
  token: string;
  expiresAt: number;
}

/** Expired entries are swept once the map grows past this, so abandoned locks cannot pile up. */
const SWEEP_THRESHOLD = 1024;

/**
 * Locks within one process (embedded mode runs every replica of a service in one process, so
 * this is as exclusive as Redis is across pods). Ownership is a random token, as in Redis, so a
 * holder whose lock expired cannot release or extend the next holder's lock.
 */
export function createMemoryLocks(logger: Logger | undefined, clock: Clock): { locks: Locks; clear(): void } {
  const held = new Map<string, Held>();

  function ownedBy(key: string, token: string, now: number): Held | undefined {
    const entry = held.get(key);
    if (entry === undefined || entry.token !== token || entry.expiresAt <= now) return undefined;
    return entry;
  }

  function sweep(now: number): void {
    for (const [key, entry] of held) if (entry.expiresAt <= now) held.delete(key);
  }

  async function acquire(key: string, ttlMs: number): Promise<Lock | null> {
    checkTtl(ttlMs);
    const now = clock.monotonicMs();
    const current = held.get(key);
    if (current !== undefined && current.expiresAt > now) return null;
    if (held.size >= SWEEP_THRESHOLD) sweep(now);
    const token = randomUUID();
    held.set(key, { token, expiresAt: now + ttlMs });
    return {
      key,
      async release() {
        if (!ownedBy(key, token, clock.monotonicMs())) return false;
        held.delete(key);
        return true;
      },
      async extend(nextTtlMs) {
        checkTtl(nextTtlMs);
        const now = clock.monotonicMs();
        const entry = ownedBy(key, token, now);
        if (!entry) return false;
        entry.expiresAt = now + nextTtlMs;
        return true;
      },
    };
  }

  return { locks: createLocks(acquire, logger), clear: () => held.clear() };
}
