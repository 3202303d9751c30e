import type { AuditChanges } from "./audit-actor";

/** `{ field: { before, after } }` for the fields that differ, from two snapshots. */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** A created target's fields: each from nothing to its value. */
export function changesOfCreation(after: Record<string, unknown>): AuditChanges {
  return changesBetween({}, after);
}

/** A deleted target's fields: each from its value to nothing. */
export function changesOfDeletion(before: Record<string, unknown>): AuditChanges {
  return changesBetween(before, {});
}
