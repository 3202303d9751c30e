import { AppError } from "@kurz/errors";
import type { eventsV1 } from "@kurz/proto";

/**
 * The error of an internal event that cannot become a webhook: not retryable, so the consumer
 * parks it in the dead-letter topic after its attempts (where it can be replayed once the
 * producer or this catalogue is fixed) instead of dropping it.
 */
export function invalidEvent(envelope: eventsV1.EventEnvelope, reason: string, cause?: unknown): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: `event ${envelope.id} (${envelope.type}, ${envelope.payloadType || "no payload_type"}) cannot become a webhook: ${reason}`,
    cause,
  });
}
