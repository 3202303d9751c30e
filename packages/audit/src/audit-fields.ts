/** Columns no audit entry shows: identity and bookkeeping, not what a person set. */
const BOOKKEEPING = new Set(["id", "accountId", "workspaceId", "createdAt", "updatedAt", "version"]);

/**
 * A stored row as an audit entry shows it: its fields minus bookkeeping and `omit` (secrets,
 * counters), dates as ISO strings, bytes as a marker (an uploaded logo is not copied into the log).
 */
export function auditFields(row: object, omit: readonly string[] = []): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (BOOKKEEPING.has(name) || omit.includes(name) || value === undefined) continue;
    fields[name] =
      value instanceof Date ? value.toISOString() : value instanceof Uint8Array ? "(binary)" : value;
  }
  return fields;
}
