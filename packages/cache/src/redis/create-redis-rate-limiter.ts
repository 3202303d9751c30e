import type { Redis } from "ioredis";
import type { RateLimiter } from "../cache-ports";
import { checkTakeOptions } from "../check-arguments";
import { isDegraded } from "./create-redis-client";
import { TAKE_TOKEN_SCRIPT } from "./take-token-script";
import { rejectDegraded, rethrowCacheError } from "./to-cache-error";

interface TakeTokenCommand {
  kurzTakeToken(
    key: string,
    capacity: number,
    refillPerSecond: number,
    cost: number,
  ): Promise<[number, number, number]>;
}

/** Bucket keys get their own namespace so they never collide with cache entries or locks. */
const NAMESPACE = "rl:";

/**
 * Token buckets in Redis. defineCommand sends EVALSHA and falls back to EVAL when the server
 * does not have the script yet (after a restart or SCRIPT FLUSH); keys get the client's prefix.
 */
export function createRedisRateLimiter(client: Redis): RateLimiter {
  client.defineCommand("kurzTakeToken", { numberOfKeys: 1, lua: TAKE_TOKEN_SCRIPT });
  const commands = client as unknown as TakeTokenCommand;

  return {
    async take(key, options) {
      const cost = checkTakeOptions(options);
      if (isDegraded(client)) return rejectDegraded();
      const [allowed, remaining, retryAfterMs] = await commands
        .kurzTakeToken(NAMESPACE + key, options.capacity, options.refillPerSecond, cost)
        .catch(rethrowCacheError);
      return { allowed: allowed === 1, remaining, retryAfterMs };
    },
  };
}
