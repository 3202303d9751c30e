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
