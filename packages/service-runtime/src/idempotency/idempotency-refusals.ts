import { AppError, toRestErrorBody } from "@kurz/errors";
import type { FastifyReply } from "fastify";

/** How long a client waits before asking again about a key still in progress. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** The first request with this key has not been answered yet: asking again later will be. */
export function keyInProgress(): AppError {
  return new AppError("CONFLICT", {
    message: "A request with this Idempotency-Key is still in progress",
    hint: `Retry with the same key in ${IN_PROGRESS_RETRY_AFTER_SECONDS} s: you will get its answer once it has one`,
    details: { reason: "idempotency_key_in_progress" },
  });
}

/** The key was used with another method, path, query or body. */
export function keyReused(): AppError {
  return new AppError("IDEMPOTENCY_KEY_REUSED", {
    hint: "Use a new Idempotency-Key for a new request; a key names one request for 24 h",
  });
}

/**
 * The first request with this key was answered, but its answer was over the size kept (or a
 * stream): it is not run again, and its answer cannot be given again either.
 */
export function answerNotKept(status: number): AppError {
  return new AppError("CONFLICT", {
    message: `The request with this Idempotency-Key was answered ${status}; that answer was too large to keep, and the request is not run again`,
    hint: "Read the resource to learn its state, or send a new request with a new key",
    details: { reason: "idempotent_answer_not_kept", status },
  });
}

/**
 * Answers one of the refusals above in the one REST body, with the MCP body's `hint` and
 * `retryable` as the rate limit's 429 does: a key in progress is worth retrying as is, so it says
 * so (the catalog's CONFLICT is not retryable in general), with Retry-After.
 */
export function sendRefusal(reply: FastifyReply, error: AppError): FastifyReply {
  const { status, body } = toRestErrorBody(error);
  const inProgress = error.details?.reason === "idempotency_key_in_progress";
  if (inProgress) reply.header("retry-after", String(IN_PROGRESS_RETRY_AFTER_SECONDS));
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .send({ ...body, retryable: inProgress || error.retryable });
}
