import { AppError } from "@kurz/errors";

/** The error body every MCP failure carries (docs/api/errors.md#mcp-error-body). */
export interface ErrorBody {
  success: false;
  error: string;
  code: string;
  hint: string;
  retryable: boolean;
  details?: Record<string, unknown>;
}

/**
 * An error as the agent reads it: what was wrong, its stable code, how to fix it and
 * whether retrying helps. An unexpected error is reported without its details.
 */
export function errorBody(error: unknown): ErrorBody {
  const known = error instanceof AppError ? error : undefined;
  return {
    success: false,
    error: known?.message ?? "The request failed unexpectedly",
    code: known?.code ?? "INTERNAL",
    hint: known?.hint ?? (known ? defaultHint(known) : "Try again later; if it keeps failing, report it"),
    retryable: known?.retryable ?? true,
    ...(known?.details ? { details: known.details } : {}),
  };
}

function defaultHint(error: AppError): string {
  if (error.code === "VALIDATION_ERROR") return "Correct the named parameter and call again";
  if (error.code.endsWith("NOT_FOUND")) return "Check the id or short code; list the resources to find it";
  return error.retryable ? "Retry in a moment" : "Retrying the same call will fail the same way";
}
