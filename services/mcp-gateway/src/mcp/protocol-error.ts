import { AppError } from "@kurz/errors";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { errorBody } from "./error-body";

/**
 * A JSON-RPC error a request handler throws: the SDK's Protocol answers `{code, message, data}`
 * from it. Unlike the SDK's McpError, the message is not prefixed with "MCP error <code>:" (SDK
 * clients add that prefix themselves, so it would appear twice). `data` is the MCP error body of
 * the cause, with `extra` members beside it (a missing resource's `uri`, as the MCP specification
 * asks).
 */
export class ProtocolError extends Error {
  readonly data: ReturnType<typeof errorBody> & Record<string, unknown>;

  constructor(
    readonly code: number,
    cause: unknown,
    extra: Record<string, unknown> = {},
  ) {
    const body = errorBody(cause);
    super(body.error);
    this.data = { ...extra, ...body };
  }
}

/**
 * JSON-RPC's server-error range for a refusal (a scope, the plan, a quota, a state): the code the
 * refusals before the protocol answer too (mcp-http-error.ts).
 */
export const REFUSED = -32001;

/**
 * A failure of a resource read or a prompt's data as a JSON-RPC error, by its error code, with
 * the MCP error body in `data` (what a tool's failure carries in its result): invalid input
 * -32602, a missing thing `notFound.code` (-32002 for a resource, with its `uri`), any other
 * refusal -32001, a fault of Kurz or of a dependency -32603 (retryable as its body says).
 */
export function protocolErrorOf(
  error: unknown,
  notFound: { code: number; extra?: Record<string, unknown> },
): ProtocolError {
  const { code } = errorBody(error);
  if (code === "VALIDATION_ERROR" || code === "INVALID_JSON") {
    return new ProtocolError(ErrorCode.InvalidParams, error);
  }
  if (code.endsWith("NOT_FOUND") || code === "GONE")
    return new ProtocolError(notFound.code, error, notFound.extra);
  if (error instanceof AppError && error.isClientError) return new ProtocolError(REFUSED, error);
  return new ProtocolError(ErrorCode.InternalError, error);
}
