import type { Logger } from "@kurz/logger";
import type { AccountPlans } from "./accounts/account-plans";
import type { LinkApiDatabase } from "./db/link-api-database";
import type { DomainVerifier } from "./domains/domain-verifier";
import type { ShortHosts } from "./hosts/short-hosts";

/** What every operation of link-api works with; built once in app.ts. */
export interface LinkApiContext {
  db: LinkApiDatabase;
  hosts: ShortHosts;
  plans: AccountPlans;
  domainVerifier: DomainVerifier;
  logger: Logger;
  /** Called after a transaction that wrote events committed: the outbox relay publishes now. */
  eventsWritten(): void;
}
