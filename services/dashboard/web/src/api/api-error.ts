import type { components } from "./schema.generated";

export type ErrorBody = components["schemas"]["Error"];

/** A failed call, carrying the REST error body's fields (or a readable stand-in for them). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly hint: string | undefined;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    body: Pick<ErrorBody, "error" | "code"> & Partial<Pick<ErrorBody, "hint" | "retryable" | "details">>,
  ) {
    super(body.error);
    this.status = status;
    this.code = body.code;
    this.hint = body.hint;
    this.retryable = body.retryable ?? status >= 500;
    this.details = body.details;
  }
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ErrorBody).error === "string" &&
  typeof (value as ErrorBody).code === "string";

/** Turns whatever a failed response carried (the REST error body, or a proxy's page) into an ApiError. */
export function toApiError(body: unknown, response: Response): ApiError {
  if (isErrorBody(body)) return new ApiError(response.status, body);
  const tooMany = response.status === 429;
  return new ApiError(response.status, {
    code: tooMany ? "RATE_LIMITED" : response.status >= 500 ? "UNAVAILABLE" : "HTTP_ERROR",
    error: tooMany
      ? "Too many requests. Wait a moment and try again."
      : response.status >= 500
        ? "The service is not answering right now. Try again in a moment."
        : `The request failed (HTTP ${response.status}).`,
    retryable: tooMany || response.status >= 500,
  });
}

/** A call that never got an answer: the network, not the API. */
export function networkError(): ApiError {
  return new ApiError(0, {
    code: "NETWORK_ERROR",
    error: "Could not reach Kurz. Check your connection and try again.",
    retryable: true,
  });
}
