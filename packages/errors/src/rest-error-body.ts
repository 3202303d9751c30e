import { type AppError, toAppError } from "./app-error";
import { errorCatalog } from "./codes";

/** The one REST error body: `{ success: false, error, code }` plus safe details. */
export interface RestErrorBody {
  success: false;
  error: string;
  code: string;
  details?: Record<string, unknown>;
  required_scope?: string;
  /**
   * What to do next (the MCP error body's `hint`, docs/api/errors.md#mcp-error-body), for client
   * errors that have one.
   */
  hint?: string;
}

/**
 * Seconds a client waits before retrying a 503 (a dependency down, a restart under way): the
 * outages Kurz rides out are seconds long, and a retry that comes back sooner meets the same one.
 */
export const RETRY_AFTER_SECONDS = 2;

/**
 * The HTTP status, the body and the headers of an error's REST answer: a retryable 503 says when
 * to come back (`Retry-After`, RFC 9110 §10.2.3); a 429 sets its own from the rate limit's window.
 */
export function toRestErrorBody(value: unknown): {
  status: number;
  body: RestErrorBody;
  headers: Record<string, string>;
} {
  const error: AppError = toAppError(value);
  const body: RestErrorBody = {
    success: false,
    // 5xx messages never leak internals: the catalog text only.
    error: error.isClientError ? error.message : errorCatalog[error.code].message,
    code: error.code,
  };
  if (error.isClientError && error.details) {
    const { required_scope, ...rest } = error.details;
    if (typeof required_scope === "string") body.required_scope = required_scope;
    if (Object.keys(rest).length > 0) body.details = rest;
  }
  if (error.isClientError && error.hint) body.hint = error.hint;
  const headers: Record<string, string> =
    error.httpStatus === 503 && error.retryable ? { "retry-after": String(RETRY_AFTER_SECONDS) } : {};
  return { status: error.httpStatus, body, headers };
}
