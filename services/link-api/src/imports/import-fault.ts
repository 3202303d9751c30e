import { AppError } from "@kurz/errors";
import { isDatabaseUnavailable } from "@kurz/relational";

/** Why an import's attempt stopped, as its view may show it, and whether another attempt may help. */
export interface ImportFault {
  /** A fault that may clear by itself (a dependency down, a deadlock): the batch is tried again. */
  retryable: boolean;
  code: string;
  message: string;
}

/**
 * SQLSTATEs of a statement that may pass when run again: serialization failure, deadlock, query
 * cancelled (statement timeout), lock not available, and the resource shortages (class 53).
 */
const RETRYABLE_SQLSTATES = new Set(["40001", "40P01", "57014", "55P03"]);

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.length === 5) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * Sorts what an attempt threw: a database that cannot be reached or a retryable AppError
 * (DEPENDENCY_UNAVAILABLE: auth-server down) may clear, and so may a deadlock or a timeout; anything
 * else (a bug, a constraint the code did not expect) fails the same way every time, so the import
 * fails at once. Rows the file gets wrong never come here: they are row errors. The message shown
 * is the AppError's own, never a raw driver message (it may name hosts and statements).
 */
export function importFaultOf(error: unknown): ImportFault {
  if (error instanceof AppError) {
    return { retryable: error.retryable, code: error.code, message: error.message };
  }
  if (isDatabaseUnavailable(error)) {
    return { retryable: true, code: "DEPENDENCY_UNAVAILABLE", message: "The database is unavailable" };
  }
  const sqlState = sqlStateOf(error);
  if (sqlState !== undefined && (RETRYABLE_SQLSTATES.has(sqlState) || sqlState.startsWith("53"))) {
    return {
      retryable: true,
      code: "DEPENDENCY_UNAVAILABLE",
      message: `The database refused the batch for now (${sqlState})`,
    };
  }
  return { retryable: false, code: "INTERNAL", message: "An internal error stopped the import" };
}
