import { AppError } from "@kurz/errors";
import { deadLetterTopic, isDeadLetterTopic } from "./topics";

/**
 * A consumer may only subscribe to known topics whose dead-letter topic is known too: finding
 * out at the first poison message would stall the partition instead.
 */
export function assertConsumableTopics(topics: readonly string[], known: readonly string[]): void {
  if (topics.length === 0)
    throw new AppError("VALIDATION_ERROR", { message: "A consumer needs at least one topic" });
  for (const topic of topics) {
    if (!known.includes(topic)) {
      throw new AppError("VALIDATION_ERROR", { message: `Unknown event topic ${topic}`, details: { topic } });
    }
    if (!isDeadLetterTopic(topic) && !known.includes(deadLetterTopic(topic))) {
      throw new AppError("VALIDATION_ERROR", {
        message: `Event topic ${topic} has no dead-letter topic ${deadLetterTopic(topic)}`,
        details: { topic },
      });
    }
  }
}
