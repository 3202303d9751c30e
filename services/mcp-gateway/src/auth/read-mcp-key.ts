import type { IncomingHttpHeaders } from "node:http";
import { AppError } from "@kurz/errors";

/** Headers clients put keys in by habit; a key there is named in the error's hint. */
const MISPLACED = ["authorization", "x-api-key", "api-key", "x-mcp-api-key", "mcp-key"] as const;

/**
 * The API key of an MCP request: the `x-mcp-key` header (spec §5.2), on every request including
 * the SSE stream and its message posts. Missing → AUTHENTICATION_REQUIRED; a key-looking value in
 * another header → AUTHENTICATION_REQUIRED whose hint names that header and `x-mcp-key`.
 */
export function readMcpKey(headers: IncomingHttpHeaders): string {
  const key = headers["x-mcp-key"];
  const value = Array.isArray(key) ? key[0] : key;
  if (value !== undefined && value.trim() !== "") return value.trim();
  const misplaced = MISPLACED.find((name) => headers[name] !== undefined);
  if (misplaced !== undefined) {
    throw new AppError("AUTHENTICATION_REQUIRED", {
      message: `The API key must be sent in the x-mcp-key header, not in ${misplaced}`,
      hint: `Send the key as "x-mcp-key: <key>"${misplaced === "authorization" ? " (the Authorization header is for OAuth access tokens)" : ""}`,
    });
  }
  throw new AppError("AUTHENTICATION_REQUIRED", {
    message: "An API key is required",
    hint: 'Send "x-mcp-key: <key>" on every MCP request; create a key with the MCP permission under API keys',
  });
}
