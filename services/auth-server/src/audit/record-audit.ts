import { type AuditChanges, changesBetween } from "@kurz/audit";
import { v7 as uuidv7 } from "uuid";
import type { AuthContext } from "../auth-context";
import { auditLog } from "../db/schema";
import type { AuditActor } from "./audit-actor";

type Writer = Pick<Parameters<Parameters<AuthContext["db"]["transaction"]>[0]>[0], "insert">;

/** A field's value before and after a change (null where there was none). Never a secret. */
export type { AuditChanges };
/** `{ field: { before, after } }` for the fields that differ, from two snapshots. */
export { changesBetween };

export interface AuditRecord {
  workspaceId: string;
  actor: AuditActor;
  action: string;
  target: { type: string; id: string };
  changes: AuditChanges;
  at: Date;
}

/** Writes one audit entry through the change's own transaction: no change without its record. */
export async function recordAudit(tx: Writer, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    // Time-ordered: entries of one transaction (same instant) keep the order they were written in.
    id: uuidv7(),
    workspaceId: record.workspaceId,
    occurredAt: record.at,
    actorType: record.actor.type,
    actorId: record.actor.id ?? null,
    surface: record.actor.surface,
    clientId: record.actor.clientId ?? null,
    clientAddress: record.actor.clientAddress ?? null,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    changes: record.changes,
  });
}
