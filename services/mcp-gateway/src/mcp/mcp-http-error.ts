import { AppError } from "@kurz/errors";
import type { FastifyReply } from "fastify";
import { errorBody } from "./error-body";

/** JSON-RPC's "server error" range; the MCP error body rides in `data`. */
const REFUSED = -32001;

/**
 * A request refused before the protocol (no key, a bad key, no MCP on the plan, the rate limit,
 * an unknown session): the HTTP status of the error code (401, 403, 404, 429, ...) and a JSON-RPC
 * error whose `data` is the MCP error body `{success: false, error, code, hint, retryable}`
 * (docs/api/errors.md#mcp-error-body), so both
 * plain HTTP clients and MCP clients read it. `Retry-After` accompanies a rate limit.
 */
export function sendMcpHttpError(reply: FastifyReply, error: unknown, id: unknown = null): FastifyReply {
  const known =
    error instanceof AppError ? error : new AppError("INTERNAL", { message: "The MCP request failed" });
  const data = errorBody(known);
  const retryAfter = known.details?.retry_after_seconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  return reply
    .code(known.httpStatus)
    .header("content-type", "application/json")
    .send({
      jsonrpc: "2.0",
      id: typeof id === "string" || typeof id === "number" ? id : null,
      error: { code: REFUSED, message: known.message, data },
    });
}
