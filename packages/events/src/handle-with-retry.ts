import { AppError } from "@kurz/errors";
import { backOffBetweenAttempts } from "./back-off-between-attempts";
import { type BackoffOptions, backoffDelay } from "./backoff-delay";
import { processMessageInSpan } from "./consumer-spans";
import type { EventLogger } from "./event-logger";
import type { MessageHandler, ReceivedMessage } from "./event-message";
import { isDeadLetterTopic } from "./topics";
import { unlessAborted } from "./unless-aborted";

/**
 * handled / dead_lettered: commit the offset. abandoned: do not commit (the member is stopping or
 * crashed), so the group redelivers the message.
 */
export type HandleOutcome = "handled" | "dead_lettered" | "abandoned";

export interface HandleWithRetryInput {
  message: Omit<ReceivedMessage, "attempt">;
  handler: MessageHandler;
  groupId: string;
  maxAttempts: number;
  retryBackoff: BackoffOptions;
  /** Writes the message to its dead-letter topic; throws when that failed. */
  deadLetter(message: Omit<ReceivedMessage, "attempt">, error: unknown, attempts: number): Promise<void>;
  /** Aborted on stop: the running attempt finishes, waits between attempts end. */
  stopping: AbortSignal;
  /** Aborted on crash: the running attempt is abandoned at once. */
  crashed: AbortSignal;
  /** Keeps group membership alive during long backoffs (kafkajs heartbeat). */
  heartbeat?: () => Promise<void>;
  logger: EventLogger;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A failure of something the handler depends on (AppError marked retryable: an unavailable
 * dependency, a timeout, rate limiting), not of the message: it is retried until it succeeds or
 * the member stops, never dead-lettered, so an outage cannot park valid messages. The partition
 * waits meanwhile; its lag shows it.
 */
export function isTransientFailure(error: unknown): boolean {
  return error instanceof AppError && error.retryable;
}

/**
 * Runs the handler with retries and backoff; after the last failed attempt the message goes to
 * its dead-letter topic so the partition keeps flowing. Transient failures (isTransientFailure)
 * do not count as attempts: they are retried at the backoff's maximum pace until they pass. The
 * dead-letter write itself is retried until it succeeds or the member stops, because committing
 * past an unparked message would lose it.
 */
export async function handleWithRetry(input: HandleWithRetryInput): Promise<HandleOutcome> {
  const { message, logger } = input;
  const where = {
    groupId: input.groupId,
    topic: message.topic,
    partition: message.partition,
    offset: message.offset,
  };
  let lastError: unknown;
  let failures = 0;

  for (let attempt = 1; failures < input.maxAttempts; attempt++) {
    if (input.crashed.aborted) return "abandoned";
    try {
      const work = processMessageInSpan(input.groupId, message, attempt, () =>
        input.handler({ ...message, attempt }),
      );
      if ((await unlessAborted(work, input.crashed)) === "aborted") return "abandoned";
      return "handled";
    } catch (error) {
      if (input.crashed.aborted) return "abandoned";
      lastError = error;
      const transient = isTransientFailure(error);
      if (!transient) failures++;
      logger.warn({
        event: "events.handler_failed",
        ...where,
        attempt,
        transient,
        error: errorText(error),
      });
      if (
        failures < input.maxAttempts &&
        !(await backOffBetweenAttempts(
          backoffDelay(attempt, input.retryBackoff),
          input.stopping,
          input.heartbeat,
        ))
      ) {
        return "abandoned";
      }
    }
  }

  if (isDeadLetterTopic(message.topic)) {
    // A dead-letter topic has no dead-letter topic of its own; parking the message again
    // would loop forever.
    logger.error({ event: "events.dead_letter_dropped", ...where, error: errorText(lastError) });
    return "dead_lettered";
  }

  for (let attempt = 1; ; attempt++) {
    if (input.crashed.aborted) return "abandoned";
    try {
      await input.deadLetter(message, lastError, input.maxAttempts);
      logger.warn({
        event: "events.dead_lettered",
        ...where,
        attempts: input.maxAttempts,
        error: errorText(lastError),
      });
      return "dead_lettered";
    } catch (error) {
      logger.error({ event: "events.dead_letter_failed", ...where, attempt, error: errorText(error) });
      if (
        !(await backOffBetweenAttempts(
          backoffDelay(attempt, input.retryBackoff),
          input.stopping,
          input.heartbeat,
        ))
      )
        return "abandoned";
    }
  }
}
