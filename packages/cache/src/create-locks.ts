import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import type { Lock, Locks, WithLockOptions } from "./cache-ports";

type Acquire = (key: string, ttlMs: number) => Promise<Lock | null>;

/** Retry spacing while waiting for a lock: short enough to notice a release, long enough not to hammer Redis. */
const MIN_RETRY_MS = 20;
const MAX_RETRY_MS = 200;

/** Builds the Locks port from an adapter's acquire; withLock behaves the same over both adapters. */
export function createLocks(acquire: Acquire, logger?: Logger): Locks {
  async function acquireWithin(key: string, ttlMs: number, waitMs: number): Promise<Lock | null> {
    const deadline = performance.now() + waitMs;
    let delay = MIN_RETRY_MS;
    for (;;) {
      const lock = await acquire(key, ttlMs);
      if (lock) return lock;
      const left = deadline - performance.now();
      if (left <= 0) return null;
      // Jitter so waiters started together do not retry in lockstep.
      await sleep(Math.min(left, delay * (0.5 + Math.random())));
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }

  return {
    acquire,
    async withLock(key, ttlMs, fn, options: WithLockOptions = {}) {
      const lock = await acquireWithin(key, ttlMs, options.waitMs ?? 0);
      if (!lock) {
        throw new AppError("CONFLICT", {
          message: "The resource is busy, retry later",
          details: { reason: "lock_busy" },
        });
      }
      try {
        return await fn(lock);
      } finally {
        // A failed release must not hide fn's outcome: the TTL frees the lock anyway.
        await lock.release().catch((error: unknown) => {
          logger?.warn({ event: "cache.lock_release_failed", key, err: error }, "lock release failed");
        });
      }
    },
  };
}
