import type { Clock } from "@kurz/clock";
import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { webhookEndpoints } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";

/** How long the consumer trusts what it read of an account's subscriptions. */
export const SUBSCRIPTIONS_TTL_MS = 5_000;

export interface AccountSubscriptions {
  typesOf(accountId: string): Promise<ReadonlySet<string>>;
  /** An endpoint of the account changed here: read afresh next time (other replicas: the TTL). */
  forget(accountId: string): void;
}

/**
 * The event types an account's enabled endpoints listen to, remembered briefly: every click of
 * every account passes through the consumer, and most accounts have no endpoint for clicks — the
 * click is then skipped without being interpreted or stored. An endpoint created or changed in
 * this process applies at once, in another replica within SUBSCRIPTIONS_TTL_MS.
 */
export function accountSubscriptions(db: WebhookExecutor, clock: Clock): AccountSubscriptions {
  const cache = new LRUCache<string, { types: ReadonlySet<string>; until: number }>({ max: 50_000 });
  const typesOf = async (accountId: string) => {
    const now = clock.now().getTime();
    const known = cache.get(accountId);
    if (known && known.until > now) return known.types;
    const rows = await db
      .select({ eventTypes: webhookEndpoints.eventTypes })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)));
    const types = new Set(rows.flatMap((row) => row.eventTypes));
    cache.set(accountId, { types, until: now + SUBSCRIPTIONS_TTL_MS });
    return types;
  };
  return { typesOf, forget: (accountId) => void cache.delete(accountId) };
}
