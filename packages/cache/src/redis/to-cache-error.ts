import { AppError } from "@kurz/errors";

/**
 * Redis replies that mean "the server cannot serve right now" (loading a dataset, a script
 * running too long, a replica promoted, a failover in progress), as opposed to a bad command.
 */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|READONLY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|NOREPLICAS)\b/;

/**
 * Maps an ioredis rejection. Anything that is not a server reply (connection closed, retries
 * exhausted, command timed out) means Redis is unreachable: DEPENDENCY_UNAVAILABLE, retryable.
 * Other server replies are programming errors and stay as they are (INTERNAL when mapped).
 */
export function toCacheError(error: unknown): AppError | unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.name === "ReplyError" && !UNAVAILABLE_REPLY.test(error.message)) {
    return error;
  }
  return new AppError("DEPENDENCY_UNAVAILABLE", { message: "Redis is unavailable", cause: error });
}

/** For `.catch(rethrowCacheError)`: a module-level function, so the hot path allocates no closure. */
export function rethrowCacheError(error: unknown): never {
  throw toCacheError(error);
}

/** Rejection for a call made while the client is reconnecting: it would only sit in the queue. */
export function rejectDegraded(): Promise<never> {
  return Promise.reject(new AppError("DEPENDENCY_UNAVAILABLE", { message: "Redis is unavailable" }));
}
