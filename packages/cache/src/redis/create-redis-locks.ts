import { randomUUID } from "node:crypto";
import type { Logger } from "@kurz/logger";
import type { Redis } from "ioredis";
import type { Lock, Locks } from "../cache-ports";
import { checkTtl } from "../check-arguments";
import { createLocks } from "../create-locks";
import { isDegraded } from "./create-redis-client";
import { EXTEND_LOCK_SCRIPT, RELEASE_LOCK_SCRIPT } from "./lock-scripts";
import { rejectDegraded, rethrowCacheError } from "./to-cache-error";

interface LockCommands {
  kurzReleaseLock(key: string, token: string): Promise<number>;
  kurzExtendLock(key: string, token: string, ttlMs: number): Promise<number>;
}

const NAMESPACE = "lock:";

/**
 * Single-instance Redis locks (SET NX PX + token-checked release). Not Redlock: with one Redis
 * (or a primary with replicas) a failover can lose a lock, so callers use locks to avoid
 * duplicate work, never as the only guard of correctness.
 */
export function createRedisLocks(client: Redis, logger?: Logger): Locks {
  client.defineCommand("kurzReleaseLock", { numberOfKeys: 1, lua: RELEASE_LOCK_SCRIPT });
  client.defineCommand("kurzExtendLock", { numberOfKeys: 1, lua: EXTEND_LOCK_SCRIPT });
  const commands = client as unknown as LockCommands;

  async function acquire(key: string, ttlMs: number): Promise<Lock | null> {
    checkTtl(ttlMs);
    if (isDegraded(client)) return rejectDegraded();
    const redisKey = NAMESPACE + key;
    const token = randomUUID();
    const reply = await client.set(redisKey, token, "PX", Math.ceil(ttlMs), "NX").catch(rethrowCacheError);
    if (reply !== "OK") return null;
    return {
      key,
      async release() {
        if (isDegraded(client)) return rejectDegraded();
        return (await commands.kurzReleaseLock(redisKey, token).catch(rethrowCacheError)) === 1;
      },
      async extend(nextTtlMs) {
        checkTtl(nextTtlMs);
        if (isDegraded(client)) return rejectDegraded();
        const reply = await commands
          .kurzExtendLock(redisKey, token, Math.ceil(nextTtlMs))
          .catch(rethrowCacheError);
        return reply === 1;
      },
    };
  }

  return createLocks(acquire, logger);
}
