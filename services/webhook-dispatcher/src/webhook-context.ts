import type { Clock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { WebhookDatabase } from "./db/webhook-database";
import type { ClaimedDelivery } from "./deliveries/claim-due-deliveries";
import type { FreshClaims } from "./deliveries/enqueue-message";
import type { AccountSubscriptions } from "./events/account-subscriptions";
import type { DeadLetterStats } from "./events/dead-letters";
import type { WebhookAllowances } from "./plans/webhook-allowance";

/** Seals and opens endpoint secrets at rest (signing/secret-box.ts). */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** What every webhook operation may use. */
export interface WebhookContext {
  db: WebhookDatabase;
  allowances: WebhookAllowances;
  secrets: SecretSealer;
  /**
   * Checks an endpoint URL when it is set (https, a public address now; outbound/check-webhook-url)
   * and answers it normalised; a refusal is a VALIDATION_ERROR naming why.
   */
  checkUrl(url: string): Promise<string>;
  logger: Logger;
  clock: Clock;
  /** Wakes the outbox relay after a commit that wrote audit entries. */
  eventsWritten(): void;
  /**
   * After a commit that queued deliveries: those claimed for this replica as they were written
   * (`freshClaims`) go to its worker; when others wait (`unclaimed`, or no argument) the workers
   * look for them now rather than at their next poll.
   */
  deliveriesQueued(queued?: { claimed: readonly ClaimedDelivery[]; unclaimed: number }): void;
  /** What this replica's worker can take of fresh deliveries; absent, every one waits for a claim. */
  freshClaims?: FreshClaims;
  /** What the account's enabled endpoints listen to (the event consumer's pre-filter). */
  subscriptions: AccountSubscriptions;
  /** Dead letters stored and replayed by this process (GET /metrics). */
  deadLetterStats?: DeadLetterStats;
}
