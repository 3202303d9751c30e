import type { OutboxMessage } from "@kurz/outbox";
import type { AuditRecord } from "./audit-actor";
import { currentAuditActor } from "./audit-actor-scope";
import { auditMessageOf } from "./audit-message";

/**
 * The audit entry of a change made now, by the current actor (audit-actor-scope.ts), as an
 * outbox message for a caller that writes it with its other messages; none when no person or key
 * is acting (a service's own follow-up of a change recorded where it was made).
 */
export function auditMessagesFor(source: string, record: AuditRecord): OutboxMessage[] {
  const actor = currentAuditActor();
  return actor ? [auditMessageOf(source, actor, record)] : [];
}
