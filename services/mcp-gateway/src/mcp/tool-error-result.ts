import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorBody } from "./error-body";

/**
 * A failed tool call as the agent sees it (docs/api/errors.md#mcp-error-body): a tool result with
 * `isError: true` whose text is `{success: false, error, code, hint, retryable}`, so the model can
 * correct itself.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  // In the order of the SDK's result schema (content, then isError), as the SDK's check of a
  // result re-creates it: a result answered without that check (direct-handlers.ts) is the same.
  return { content: [{ type: "text", text: JSON.stringify(errorBody(error)) }], isError: true };
}
