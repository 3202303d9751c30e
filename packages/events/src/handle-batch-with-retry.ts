import { backOffBetweenAttempts } from "./back-off-between-attempts";
import { backoffDelay } from "./backoff-delay";
import { processBatchInSpan } from "./consumer-spans";
import type { BatchHandler, MessageHandler, ReceivedMessage } from "./event-message";
import {
  errorText,
  type HandleWithRetryInput,
  handleWithRetry,
  isTransientFailure,
} from "./handle-with-retry";
import { unlessAborted } from "./unless-aborted";

export interface HandleBatchWithRetryInput extends Omit<HandleWithRetryInput, "message" | "handler"> {
  /** Consecutive messages of one partition, oldest first; never empty. */
  messages: ReadonlyArray<Omit<ReceivedMessage, "attempt">>;
  handleBatch: BatchHandler;
  /** More messages wait in the partition after these (see BatchContext). */
  backlog: boolean;
  /** Handles one message in the one-by-one phase. */
  handler: MessageHandler;
  /** Commits up to (not including) `nextOffset`; a throw propagates (the member rejoins). */
  commit(nextOffset: number): Promise<void>;
}

/**
 * Runs the batch handler with retries and backoff and commits the batch once it succeeded. A batch
 * that keeps failing is then handled one message at a time with the per-message retries and
 * dead-lettering, committing after each, so a poison message is parked and the rest flows.
 * Transient failures (a dependency is down) do not count: the batch is retried whole until it
 * passes, so an outage never splits a batch or parks its messages.
 * "abandoned" (stopping or crashed): nothing more is committed and the group redelivers the rest.
 */
export async function handleBatchWithRetry(
  input: HandleBatchWithRetryInput,
): Promise<"handled" | "abandoned"> {
  const { messages, logger } = input;
  const first = messages[0];
  const last = messages[messages.length - 1];
  if (!first || !last) return "handled";
  const where = {
    groupId: input.groupId,
    topic: first.topic,
    partition: first.partition,
    firstOffset: first.offset,
    lastOffset: last.offset,
    messages: messages.length,
  };

  let failures = 0;
  for (let attempt = 1; failures < input.maxAttempts; attempt++) {
    if (input.crashed.aborted) return "abandoned";
    let outcome: "done" | "aborted";
    try {
      const batch = messages.map((message) => ({ ...message, attempt }));
      outcome = await unlessAborted(
        processBatchInSpan(input.groupId, messages, attempt, () =>
          input.handleBatch(batch, { backlog: input.backlog }),
        ),
        input.crashed,
      );
    } catch (error) {
      if (input.crashed.aborted) return "abandoned";
      const transient = isTransientFailure(error);
      if (!transient) failures++;
      logger.warn({ event: "events.batch_failed", ...where, attempt, transient, error: errorText(error) });
      const delayMs = backoffDelay(attempt, input.retryBackoff);
      if (
        failures < input.maxAttempts &&
        !(await backOffBetweenAttempts(delayMs, input.stopping, input.heartbeat))
      ) {
        return "abandoned";
      }
      continue;
    }
    if (outcome === "aborted") return "abandoned";
    // Outside the try: a failed commit (rebalance, outage) is not the handler's failure; it
    // propagates, the member rejoins and the batch comes again, as at-least-once allows.
    await input.commit(last.offset + 1);
    return "handled";
  }

  logger.warn({ event: "events.batch_split", ...where, attempts: input.maxAttempts });
  for (const message of messages) {
    if (input.stopping.aborted) return "abandoned";
    const outcome = await handleWithRetry({ ...input, message, handler: input.handler });
    if (outcome === "abandoned" || input.crashed.aborted) return "abandoned";
    await input.commit(message.offset + 1);
  }
  return "handled";
}
