import type { IncomingHttpHeaders } from "node:http";
import { AppError } from "@kurz/errors";

/** How an MCP request proves who it acts for. */
export type McpCredential = { kind: "key"; key: string } | { kind: "bearer"; token: string };

/** Headers clients put keys in by habit; a key there is named in the error's hint. */
const MISPLACED = ["authorization", "x-api-key", "api-key", "x-mcp-api-key", "mcp-key"] as const;

/** A JWT (three base64url parts): what our authorization server's access tokens look like. */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function single(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined || one.trim() === "" ? undefined : one.trim();
}

/**
 * The credential of an MCP request: the `x-mcp-key` header (docs/api/mcp.md#credentials), on every
 * request including the SSE stream and its message posts; or, for clients that speak only MCP
 * authorization (OAuth), `Authorization: Bearer <access token>` from our authorization server.
 * Missing → AUTHENTICATION_REQUIRED; an API key in Authorization or another header →
 * AUTHENTICATION_REQUIRED whose hint names that header and `x-mcp-key`.
 */
export function readMcpCredential(headers: IncomingHttpHeaders): McpCredential {
  const key = single(headers["x-mcp-key"]);
  if (key !== undefined) return { kind: "key", key };
  const bearer = /^Bearer\s+(\S+)$/i.exec(single(headers.authorization) ?? "")?.[1];
  if (bearer !== undefined && JWT.test(bearer)) return { kind: "bearer", token: bearer };
  const misplaced = MISPLACED.find((name) => headers[name] !== undefined);
  if (misplaced !== undefined) {
    throw new AppError("AUTHENTICATION_REQUIRED", {
      message: `The API key must be sent in the x-mcp-key header, not in ${misplaced}`,
      hint: `Send the key as "x-mcp-key: <key>"${misplaced === "authorization" ? " (the Authorization header is for OAuth access tokens)" : ""}`,
    });
  }
  throw new AppError("AUTHENTICATION_REQUIRED", {
    message: "An API key or an OAuth access token is required",
    hint: 'Send "x-mcp-key: <key>" on every MCP request (create a key with the MCP permission under API keys), or an OAuth access token as "Authorization: Bearer <token>"',
  });
}
