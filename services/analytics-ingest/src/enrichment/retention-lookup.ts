import type { GenService } from "@bufbuild/protobuf/codegenv2";
import type { GrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";
import { LRUCache } from "lru-cache";

type MethodsOf<T> = T extends GenService<infer S> ? S : never;
export type AuthServiceClient = GrpcClient<MethodsOf<typeof authV1.AuthService>>;

export interface RetentionLookup {
  /** Days an account's clicks are kept (its plan's analytics retention). Never rejects. */
  retentionDays(accountId: string): Promise<number>;
}

/** How long a fallback answer (auth-server unreachable) is reused before asking again. */
const FALLBACK_TTL_MS = 60_000;

/**
 * Plan retention per account from auth-server's GetAccount, cached. When auth-server cannot
 * answer, the configured default is used (and logged): a click is never held back for it.
 */
export function createRetentionLookup(options: {
  client: AuthServiceClient | undefined;
  defaultDays: number;
  ttlMs: number;
  logger: Logger;
}): RetentionLookup {
  const cache = new LRUCache<string, number>({ max: 100_000, ttl: options.ttlMs });
  const inFlight = new Map<string, Promise<number>>();

  async function ask(accountId: string): Promise<number> {
    if (!options.client) return options.defaultDays;
    try {
      const { account } = await options.client.getAccount({ accountId }, { deadlineMs: 1_000 });
      const days = account?.plan?.analyticsRetentionDays ?? 0;
      const retention = days > 0 ? days : options.defaultDays;
      cache.set(accountId, retention);
      return retention;
    } catch (error) {
      options.logger.warn(
        { event: "retention.lookup_failed", accountId, err: error },
        "account plan unknown; default retention used",
      );
      cache.set(accountId, options.defaultDays, { ttl: Math.min(options.ttlMs, FALLBACK_TTL_MS) });
      return options.defaultDays;
    }
  }

  return {
    retentionDays(accountId) {
      const known = cache.get(accountId);
      if (known !== undefined) return Promise.resolve(known);
      let pending = inFlight.get(accountId);
      if (!pending) {
        pending = ask(accountId).finally(() => inFlight.delete(accountId));
        inFlight.set(accountId, pending);
      }
      return pending;
    },
  };
}
