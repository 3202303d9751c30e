import { AppError } from "@kurz/errors";
import type { FastifyRequest } from "fastify";

/** The request header a client names its request with (Stripe's name and rules). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Stripe's bound; a UUID v4 (36 characters) is what clients are told to send. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Printable ASCII, space included (0x20-0x7E): no control characters, nothing a log could split on. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

function malformed(reason: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", {
    message,
    details: { field: "headers.idempotency-key", reason },
    hint: "Send a fresh random key, e.g. a UUID v4, once per request you mean to make",
  });
}

/**
 * The request's Idempotency-Key: undefined when it sends none, else the key, or 400
 * VALIDATION_ERROR when it is empty, longer than 255 characters, sent twice, or holds anything
 * but printable ASCII. Node has already dropped the value's surrounding spaces and tabs.
 */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  // Node joins repeated headers it does not know with ", "; the raw list tells them apart.
  let count = 0;
  for (let i = 0; i < request.raw.rawHeaders.length; i += 2) {
    if (request.raw.rawHeaders[i]?.toLowerCase() === IDEMPOTENCY_KEY_HEADER) count++;
  }
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (count === 0 && value === undefined) return undefined;
  if (count > 1 || Array.isArray(value)) {
    throw malformed("repeated", "Send one Idempotency-Key header, not several");
  }
  const key = value ?? "";
  if (key.length === 0) throw malformed("empty", "Idempotency-Key is empty");
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw malformed("too_long", `Idempotency-Key is longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  if (!PRINTABLE_ASCII.test(key)) {
    throw malformed("invalid_characters", "Idempotency-Key may hold printable ASCII characters only");
  }
  return key;
}
