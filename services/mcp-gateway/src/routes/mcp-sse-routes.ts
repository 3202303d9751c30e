import { AppError } from "@kurz/errors";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance } from "fastify";
import type { AuthorizeMcpRequest } from "../auth/authorize-mcp-request";
import type { McpPrincipal } from "../auth/mcp-principal";
import { sendMcpHttpError } from "../mcp/mcp-http-error";
import type { McpSessions } from "../mcp/mcp-sessions";
import { attachPrincipal } from "../mcp/principal-auth-info";

export interface McpSseRouteDeps {
  authorize: AuthorizeMcpRequest;
  newServer(principal: McpPrincipal): Server;
  sessions: McpSessions;
  /** A comment line is sent on an open stream this often, so proxies do not cut it as idle. */
  keepAliveMs: number;
}

/** Where the stream's `endpoint` event tells the client to post its messages. */
export const MESSAGES_PATH = "/mcp/messages";

function jsonRpcIdOf(body: unknown): unknown {
  return body !== null && typeof body === "object" && "id" in body ? (body as { id: unknown }).id : null;
}

/**
 * The 2024-11-05 HTTP+SSE transport through the SDK's SSEServerTransport: `GET /mcp/sse` opens
 * the session's stream, whose first `endpoint` event names `/mcp/messages?sessionId=…`; each
 * JSON-RPC message is posted there (answered 202, the result arriving on the stream). The stream
 * and every post carry a credential, verified and rate-limited like `/mcp`; a post is answered
 * only for a credential of the account that opened the stream, and for the credential it
 * carries. The session ends with its stream.
 */
export function registerMcpSseRoutes(app: FastifyInstance, deps: McpSseRouteDeps): void {
  app.get("/mcp/sse", async (request, reply) => {
    let principal: McpPrincipal;
    try {
      principal = await deps.authorize(request);
    } catch (error) {
      return sendMcpHttpError(reply, error);
    }
    const server = deps.newServer(principal);
    const transport = new SSEServerTransport(MESSAGES_PATH, reply.raw);
    const keepAlive = setInterval(() => {
      if (!reply.raw.writableEnded) reply.raw.write(": keep-alive\n\n");
    }, deps.keepAliveMs);
    keepAlive.unref();
    transport.onclose = () => {
      clearInterval(keepAlive);
      deps.sessions.remove(transport.sessionId);
    };
    reply.hijack();
    deps.sessions.add(transport.sessionId, {
      kind: "sse",
      transport,
      server,
      keyId: principal.keyId,
      accountId: principal.accountId,
    });
    // connect() starts the transport: the stream's headers and its endpoint event.
    await server.connect(transport);
  });

  app.post(MESSAGES_PATH, async (request, reply) => {
    const id = jsonRpcIdOf(request.body);
    try {
      const principal = await deps.authorize(request);
      const sessionId = (request.query as { sessionId?: unknown }).sessionId;
      const session = typeof sessionId === "string" ? deps.sessions.get(sessionId) : undefined;
      // Another account's credential finds no session here (as if the id were unknown).
      if (session?.kind !== "sse" || session.accountId !== principal.accountId) {
        throw new AppError("NOT_FOUND", {
          message:
            typeof sessionId === "string"
              ? "Unknown or closed MCP SSE session"
              : "The sessionId parameter is missing",
          hint: "Open GET /mcp/sse and post to the URL of its endpoint event",
        });
      }
      if (!JSONRPCMessageSchema.safeParse(request.body).success) {
        throw new AppError("VALIDATION_ERROR", {
          message: "The body is not a JSON-RPC 2.0 message",
          hint: 'Post one JSON object with "jsonrpc": "2.0", a "method" and, for requests, an "id"',
        });
      }
      // The message is answered for the credential it carries (a refreshed token, its scopes).
      attachPrincipal(request.raw, principal);
      reply.hijack();
      await session.transport.handlePostMessage(request.raw, reply.raw, request.body);
    } catch (error) {
      if (reply.sent || reply.raw.headersSent) throw error;
      return sendMcpHttpError(reply, error, id);
    }
  });
}
