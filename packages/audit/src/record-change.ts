import { enqueueOutboxMessages, type OutboxDatabase } from "@kurz/outbox";
import type { AuditRecord } from "./audit-actor";
import { auditMessagesFor } from "./audit-messages-for";
import { changesBetween } from "./changes-between";

/** A change to one target, as the fields an audit entry shows before and after it. */
export interface Change {
  workspaceId: string;
  /** `<target type>.<verb>`, e.g. "qr.updated". */
  action: string;
  target: AuditRecord["target"];
  /** The target's audit fields before (absent: created) and after (absent: deleted). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at: Date;
}

/**
 * Records a change made by the current person or API key (audit-actor-scope.ts) in the audit
 * log: its entry goes into `source`'s outbox inside the change's own transaction (`tx`), so there
 * is no change without its record; auth-server stores it (docs/api/workspaces.md#audit-log).
 */
export async function recordChange(tx: OutboxDatabase, source: string, change: Change): Promise<void> {
  await enqueueOutboxMessages(
    tx,
    auditMessagesFor(source, {
      workspaceId: change.workspaceId,
      action: change.action,
      target: change.target,
      changes: changesBetween(change.before ?? {}, change.after ?? {}),
      at: change.at,
    }),
  );
}
