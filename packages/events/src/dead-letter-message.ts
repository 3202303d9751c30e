import type { EventMessage, ReceivedMessage } from "./event-message";

/** Headers a dead-lettered message carries, beside its original ones. */
export const deadLetterHeaders = {
  error: "dlq-error",
  topic: "dlq-original-topic",
  partition: "dlq-original-partition",
  offset: "dlq-original-offset",
  attempts: "dlq-attempts",
  groupId: "dlq-group-id",
  failedAt: "dlq-failed-at",
} as const;

const MAX_ERROR_LENGTH = 1_000;

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/** The message as it is parked in `<topic>.dlq`: same key and value, headers saying why. */
export function deadLetterMessage(
  message: Omit<ReceivedMessage, "attempt">,
  error: unknown,
  attempts: number,
  groupId: string,
): EventMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [deadLetterHeaders.error]: describeError(error),
      [deadLetterHeaders.topic]: message.topic,
      [deadLetterHeaders.partition]: String(message.partition),
      [deadLetterHeaders.offset]: String(message.offset),
      [deadLetterHeaders.attempts]: String(attempts),
      [deadLetterHeaders.groupId]: groupId,
      [deadLetterHeaders.failedAt]: new Date().toISOString(),
    },
  };
}
