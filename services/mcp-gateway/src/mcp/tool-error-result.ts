import { AppError } from "@kurz/errors";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * A failed tool call as the agent sees it (spec §7.3): a tool result with `isError: true` whose
 * text is `{success: false, error, code, hint, retryable}`, so the model can read what was wrong,
 * how to fix it and whether retrying helps. An unexpected error is reported without its details.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const known = error instanceof AppError ? error : undefined;
  const body = {
    success: false,
    error: known?.message ?? "The tool failed unexpectedly",
    code: known?.code ?? "INTERNAL",
    hint: known?.hint ?? (known ? defaultHint(known) : "Try again later; if it keeps failing, report it"),
    retryable: known?.retryable ?? true,
    ...(known?.details ? { details: known.details } : {}),
  };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}

function defaultHint(error: AppError): string {
  if (error.code === "VALIDATION_ERROR") return "Correct the named parameter and call the tool again";
  if (error.code.endsWith("NOT_FOUND")) return "Check the id or short code; list the resources to find it";
  return error.retryable ? "Retry in a moment" : "Retrying the same call will fail the same way";
}
