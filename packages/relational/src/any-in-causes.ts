/** drizzle wraps driver errors (DrizzleQueryError); the driver's error is further down `cause`. */
const MAX_CAUSE_DEPTH = 5;

/** True when test holds for error or for one of the errors in its `cause` chain. */
export function anyInCauses(error: unknown, test: (candidate: Record<string, unknown>) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    const candidate = current as Record<string, unknown>;
    if (test(candidate)) return true;
    current = candidate.cause;
  }
  return false;
}
