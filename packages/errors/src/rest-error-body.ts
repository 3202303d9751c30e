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

export function toRestErrorBody(value: unknown): { status: number; body: RestErrorBody } {
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
  return { status: error.httpStatus, body };
}
