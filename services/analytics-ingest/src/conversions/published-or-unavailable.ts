import { AppError } from "@kurz/errors";
import type { EventProducer } from "@kurz/events";

/**
 * Waits for the conversion event to reach the broker. A broker that does not take it in time is a
 * dependency down, not a slow request: 503 DEPENDENCY_UNAVAILABLE with Retry-After (never a 504),
 * so the client retries — with the same Idempotency-Key, or the same click and event, the
 * conversion id is the same and the retry cannot count it twice, even if the buffered event gets
 * through meanwhile.
 */
export async function publishedOrUnavailable(
  producer: Pick<EventProducer, "flush">,
  timeoutMs: number,
): Promise<void> {
  try {
    await producer.flush(timeoutMs);
  } catch (error) {
    if (error instanceof AppError && error.code === "TIMEOUT") {
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "The event broker did not take the conversion in time; retry it",
        cause: error,
      });
    }
    throw error;
  }
}
