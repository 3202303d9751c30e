import { errorBody } from "./error-body";

/**
 * A JSON-RPC error a request handler throws: the SDK's Protocol answers `{code, message, data}`
 * from it. Unlike the SDK's McpError, the message is not prefixed with "MCP error <code>:" (SDK
 * clients add that prefix themselves, so it would appear twice). `data` is the §7.3 body of the
 * cause.
 */
export class ProtocolError extends Error {
  readonly data: ReturnType<typeof errorBody>;

  constructor(
    readonly code: number,
    cause: unknown,
  ) {
    const data = errorBody(cause);
    super(data.error);
    this.data = data;
  }
}
