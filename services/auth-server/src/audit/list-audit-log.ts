import { AppError } from "@kurz/errors";
import { and, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type AuditLogRow, accounts, auditLog } from "../db/schema";

export interface AuditLogQuery {
  workspaceId: string;
  /** A person's or key's id. */
  actor?: string | undefined;
  /** An action, e.g. member.role_changed. */
  action?: string | undefined;
  /** A target's id. */
  target?: string | undefined;
  /** Instants: from `start` (inclusive) to `end` (exclusive). */
  start?: string | undefined;
  end?: string | undefined;
  /** Where the previous page ended (next_cursor). */
  cursor?: string | undefined;
  limit: number;
}

export interface AuditEntry extends AuditLogRow {
  /** The person's e-mail (a person actor that still exists). */
  actorEmail: string | null;
}

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", { message, details: { fields: { [field]: message } } });

function instant(field: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1970) {
    throw invalid(field, `${field} must be an ISO 8601 instant, e.g. 2026-11-29T00:00:00Z`);
  }
  return at;
}

/** A page's end, opaque to callers: the last entry's time and id. */
export function cursorAfter(entry: Pick<AuditLogRow, "occurredAt" | "id">): string {
  return Buffer.from(`${entry.occurredAt.toISOString()}|${entry.id}`).toString("base64url");
}

function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const when = new Date(at ?? "");
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(when.getTime()))
    throw invalid("cursor", "cursor is not valid");
  return { at: when, id };
}

/**
 * A workspace's audit log, newest first, filtered by actor, action, target and time, one page at
 * a time (`limit` entries; the last one's cursor gives the next page).
 */
export async function listAuditLog(
  ctx: Pick<AuthContext, "db">,
  query: AuditLogQuery,
): Promise<AuditEntry[]> {
  const conditions: SQL[] = [eq(auditLog.workspaceId, query.workspaceId)];
  for (const [field, value] of [
    ["actor", query.actor],
    ["action", query.action],
    ["target", query.target],
  ] as const) {
    if (value !== undefined && (value === "" || value.length > 100))
      throw invalid(field, `${field} must be 1 to 100 characters`);
  }
  if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.target) conditions.push(eq(auditLog.targetId, query.target));
  const start = instant("start", query.start);
  const end = instant("end", query.end);
  if (start) conditions.push(gte(auditLog.occurredAt, start));
  if (end) conditions.push(lt(auditLog.occurredAt, end));
  if (query.cursor) {
    const after = parseCursor(query.cursor);
    conditions.push(
      or(
        lt(auditLog.occurredAt, after.at),
        and(eq(auditLog.occurredAt, after.at), lt(auditLog.id, after.id)),
      ) as SQL,
    );
  }
  const rows = await ctx.db
    .select({ entry: auditLog, actorEmail: accounts.email })
    .from(auditLog)
    .leftJoin(
      accounts,
      and(eq(auditLog.actorType, "person"), eq(sql`${accounts.id}::text`, auditLog.actorId)),
    )
    .where(and(...conditions))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row.entry, actorEmail: row.actorEmail }));
}
