import { AppError } from "@kurz/errors";

/**
 * Every failure of the event consumer that is not the message's own (decoding and validation
 * are handled before: poison messages become dead letters) is transient: the database down or
 * restarting, a serialization failure, a timeout. It is handed to @kurz/events as a retryable
 * AppError, so the batch is retried with backoff and its offsets stay uncommitted until it passes —
 * a database blip never dead-letters an event.
 */
export function asTransient(error: unknown): AppError {
  if (error instanceof AppError && error.retryable) return error;
  return new AppError("DEPENDENCY_UNAVAILABLE", {
    message: `webhook events could not be stored: ${error instanceof Error ? error.message : String(error)}`,
    cause: error,
  });
}
