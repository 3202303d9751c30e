import { AppError } from "@kurz/errors";
import { anyInCauses } from "./any-in-causes";

/** Node socket errors: the server cannot be reached at all. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * SQLSTATEs that mean "the server cannot serve us now", not "the query is wrong": shutdown in
 * progress, starting up, out of connections, and the database not created yet.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);

/** node-postgres and PGlite raise these as plain Errors, without a code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
  "PGlite is closed",
];

function meansUnreachable(candidate: Record<string, unknown>): boolean {
  const code = candidate.code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception.
    if (code.length === 5 && code.startsWith("08")) return true;
  }
  const message = candidate.message;
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((prefix) => message.startsWith(prefix));
}

/** True when error (or anything in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyInCauses(error, meansUnreachable);
}

/**
 * Turns "cannot reach the database" into AppError DEPENDENCY_UNAVAILABLE (503, retryable) and
 * returns every other error unchanged, so callers still see constraint violations and bugs.
 * Query errors reach callers wrapped by drizzle; surfaces call this before mapping to a response.
 */
export function mapDatabaseError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (!isDatabaseUnavailable(error)) return error;
  return new AppError("DEPENDENCY_UNAVAILABLE", { message: "The database is unavailable", cause: error });
}
