import { anyInCauses } from "./any-in-causes";

const UNIQUE_VIOLATION = "23505";

/**
 * True when a write failed on a unique constraint, optionally a given one (for example
 * "links_domain_code_unique"), so callers can answer ALIAS_EXISTS or CONFLICT. Works for
 * node-postgres and PGlite errors, bare or wrapped by drizzle: both carry SQLSTATE `code` and
 * `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return anyInCauses(
    error,
    (candidate) =>
      candidate.code === UNIQUE_VIOLATION &&
      (constraint === undefined || candidate.constraint === constraint),
  );
}
