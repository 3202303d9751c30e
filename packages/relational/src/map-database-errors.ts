import { mapDatabaseError } from "./map-database-error";

/**
 * Wraps every handler of a service implementation so "cannot reach the database" reaches the
 * caller as UNAVAILABLE (DEPENDENCY_UNAVAILABLE) instead of INTERNAL.
 */
// biome-ignore lint/suspicious/noExplicitAny: handlers of any request/response type.
export function mapDatabaseErrors<T extends Record<string, (...args: any[]) => any>>(implementation: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(implementation)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        throw mapDatabaseError(error);
      }
    };
  }
  return wrapped as T;
}
