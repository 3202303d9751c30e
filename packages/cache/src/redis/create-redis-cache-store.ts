import type { Redis } from "ioredis";
import type { CacheStore } from "../cache-ports";
import { checkIncrement, checkTtl } from "../check-arguments";
import { isDegraded } from "./create-redis-client";
import { INCREMENT_SCRIPT } from "./increment-script";
import { rejectDegraded, rethrowCacheError } from "./to-cache-error";

interface IncrementCommand {
  kurzIncrement(key: string, by: number, ttlMs: number): Promise<number>;
}

/** Cache entries live under the client's key prefix, with no further namespace: they are the hot path. */
export function createRedisCacheStore(client: Redis): CacheStore {
  client.defineCommand("kurzIncrement", { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  const commands = client as unknown as IncrementCommand;
  return {
    get(key) {
      if (isDegraded(client)) return rejectDegraded();
      return client.get(key).catch(rethrowCacheError);
    },
    getBuffer(key) {
      if (isDegraded(client)) return rejectDegraded();
      return client.getBuffer(key).catch(rethrowCacheError);
    },
    async set(key, value, ttlMs) {
      checkTtl(ttlMs);
      if (isDegraded(client)) return rejectDegraded();
      // PX takes whole milliseconds; round up so a sub-millisecond TTL still stores the value.
      await client.set(key, value, "PX", Math.ceil(ttlMs)).catch(rethrowCacheError);
    },
    del(...keys) {
      if (keys.length === 0) return Promise.resolve(0);
      if (isDegraded(client)) return rejectDegraded();
      return client.del(...keys).catch(rethrowCacheError);
    },
    async increment(key, by, ttlMs) {
      checkIncrement(by, ttlMs);
      if (isDegraded(client)) return rejectDegraded();
      return commands.kurzIncrement(key, by, Math.ceil(ttlMs)).catch(rethrowCacheError);
    },
  };
}
