import type { Logger } from "@kurz/logger";
import type { ShortHosts } from "@kurz/routes";
import type { Clock } from "@kurz/service-runtime";
import type { HostAllowList } from "@kurz/ssrf";
import type { AccountPlans } from "./accounts/account-plans";
import type { LinkApiDatabase } from "./db/link-api-database";
import type { DomainVerifier } from "./domains/domain-verifier";

/** What every operation of link-api works with; built once in app.ts. */
export interface LinkApiContext {
  db: LinkApiDatabase;
  hosts: ShortHosts;
  plans: AccountPlans;
  domainVerifier: DomainVerifier;
  logger: Logger;
  /** Time as link-api sees it (code quarantine, expiry checks): tests move it forward. */
  clock: Clock;
  /** How long a deleted link's code stays reserved for its owner; 0: free at once. */
  deletedCodeQuarantineMs: number;
  /** DESTINATION_ALLOWED_HOSTS: non-public destination hosts this deployment redirects to anyway. */
  destinationAllowList: HostAllowList;
  /** Called after a transaction that wrote events committed: the outbox relay publishes now. */
  eventsWritten(): void;
}
