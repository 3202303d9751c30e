import type { GrpcClient } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";
import { type Clock, systemClock } from "../clock";

/** An account's REST requests per minute from its plan; 0: the plan sets none. */
export type AccountQuotaLookup = (accountId: string) => Promise<number>;

export interface CacheAccountQuotasOptions {
  /** How long an answer is used before asking again. */
  ttlMs: number;
  clock?: Clock;
  logger?: Logger;
  /** Bound on remembered accounts; the oldest is dropped beyond it. Default 10,000. */
  maxEntries?: number;
}

interface Entry {
  quota: number;
  expiresAt: number;
}

/** How long a failed lookup's answer (the last known quota, else "none") is reused. */
const FAILURE_TTL_MS = 10_000;

/**
 * Remembers plan quotas for ttlMs on the injected clock, one lookup in flight per account. When
 * the lookup fails, the last known quota (or 0: "use the default") is reused for a few seconds,
 * so an unreachable auth-server costs one call per account every few seconds, never one per
 * request. Never rejects.
 */
export function cacheAccountQuotas(
  lookup: AccountQuotaLookup,
  options: CacheAccountQuotasOptions,
): AccountQuotaLookup {
  const clock = options.clock ?? systemClock;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<number>>();

  function remember(accountId: string, quota: number, ttlMs: number): number {
    entries.delete(accountId);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(accountId, { quota, expiresAt: clock.now().getTime() + ttlMs });
    return quota;
  }

  async function ask(accountId: string, stale: Entry | undefined): Promise<number> {
    try {
      return remember(accountId, await lookup(accountId), options.ttlMs);
    } catch (error) {
      options.logger?.warn(
        { event: "rate_limit.plan_unavailable", accountId, err: error },
        "account plan unknown; its rate limit falls back",
      );
      return remember(accountId, stale?.quota ?? 0, Math.min(options.ttlMs, FAILURE_TTL_MS));
    }
  }

  return (accountId) => {
    const entry = entries.get(accountId);
    if (entry && entry.expiresAt > clock.now().getTime()) return Promise.resolve(entry.quota);
    let pending = inFlight.get(accountId);
    if (!pending) {
      pending = ask(accountId, entry).finally(() => inFlight.delete(accountId));
      inFlight.set(accountId, pending);
    }
    return pending;
  };
}

type AuthServiceClient = Pick<GrpcClient<typeof authV1.AuthService.method>, "getAccount">;

/**
 * The plan's REST requests per minute from auth-server's GetAccount (the account-plans pattern
 * of link-api). Uncached: wrap it in cacheAccountQuotas.
 */
export function planRequestsPerMinute(client: AuthServiceClient, deadlineMs = 1_000): AccountQuotaLookup {
  return async (accountId) => {
    const { account } = await client.getAccount({ accountId }, { deadlineMs });
    return account?.plan?.restRequestsPerMinute ?? 0;
  };
}
