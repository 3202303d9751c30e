const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or body value can be a workspace, person or invitation id: anything else names
 * nothing, and is never sent to a uuid column (PostgreSQL would refuse it with an error).
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
