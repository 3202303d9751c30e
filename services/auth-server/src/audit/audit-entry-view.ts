import { csvRecord } from "@kurz/csv";
import type { AuditEntry } from "./list-audit-log";

/** An audit entry as REST shows it (docs/api/workspaces.md#audit-log). */
export function auditEntryView(entry: AuditEntry) {
  return {
    id: entry.id,
    occurred_at: entry.occurredAt.toISOString(),
    actor: {
      type: entry.actorType,
      id: entry.actorId,
      email: entry.actorEmail,
      client_id: entry.clientId,
      address: entry.clientAddress,
    },
    surface: entry.surface,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    changes: entry.changes as Record<string, { before: unknown; after: unknown }>,
  };
}

export const AUDIT_CSV_HEADER = csvRecord([
  "occurred_at",
  "actor_type",
  "actor_id",
  "actor_email",
  "surface",
  "client_id",
  "client_address",
  "action",
  "target_type",
  "target_id",
  "changes",
]);

/** One CSV record of the export; `changes` as JSON. */
export function auditEntryCsv(entry: AuditEntry): string {
  return csvRecord([
    entry.occurredAt.toISOString(),
    entry.actorType,
    entry.actorId ?? "",
    entry.actorEmail ?? "",
    entry.surface,
    entry.clientId ?? "",
    entry.clientAddress ?? "",
    entry.action,
    entry.targetType,
    entry.targetId,
    JSON.stringify(entry.changes),
  ]);
}
