import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest, LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthorizeMcpRequest } from "../auth/authorize-mcp-request";
import type { McpPrincipal } from "../auth/mcp-principal";
import { batchCost } from "../mcp/batch-cost";
import { SERVER_INFO } from "../mcp/create-protocol-server";
import { DirectHandlers } from "../mcp/direct-handlers";
import { sendMcpHttpError } from "../mcp/mcp-http-error";
import type { McpSessions } from "../mcp/mcp-sessions";
import type { ModernMcp } from "../mcp/modern-mcp-handler";
import { attachPrincipal } from "../mcp/principal-auth-info";
import { SessionTransport } from "../mcp/session-transport";

export interface McpRouteDeps {
  authorize: AuthorizeMcpRequest;
  /**
   * A protocol server for one session of the principal's key; its handlers also kept in `direct`
   * when given.
   */
  newServer(principal: McpPrincipal, direct?: DirectHandlers): Server;
  sessions: McpSessions;
  /** The 2026-07-28 leg (stateless, SDK v2). */
  modern: ModernMcp;
}

const SESSION_HEADER = "mcp-session-id";

function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

function jsonRpcIdOf(body: unknown): unknown {
  return body !== null && typeof body === "object" && "id" in body ? (body as { id: unknown }).id : null;
}

/**
 * The MCP endpoints (docs/api/mcp.md#endpoints) on Streamable HTTP through the SDK's transport:
 * POST /mcp (JSON-RPC; an initialize without a session opens one and answers its `Mcp-Session-Id`;
 * a 2026-07-28 request — `_meta` envelope, no session — goes to the SDK v2's stateless leg), GET
 * /mcp (server information as JSON, or the session's server stream with `Accept:
 * text/event-stream`), DELETE /mcp (ends the session). Every request but the server information
 * carries its credential, verified and rate-limited before the protocol sees it; a session answers
 * only credentials of the account that opened it, each request for the credential it carries.
 */
export function registerMcpRoutes(app: FastifyInstance, deps: McpRouteDeps): void {
  // Open server streams (GET /mcp) never end on their own: closing the sessions ends them, so a
  // shutdown's drain waits only for requests in flight.
  app.addHook("preClose", async () => {
    await deps.sessions.closeAll();
    await deps.modern.close();
  });

  const authorize = deps.authorize;

  async function handleInSession(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
    // A batch costs each of its messages; one too large is refused before it costs anything.
    const principal = await authorize(request, batchCost(body));
    const id = sessionIdOf(request);
    const session = id === undefined ? undefined : deps.sessions.get(id);
    // Another account's credential finds no session here (as if the id were unknown).
    if (session?.kind !== "streamable" || session.accountId !== principal.accountId) {
      throw new AppError("NOT_FOUND", {
        message: id === undefined ? "Mcp-Session-Id is missing" : "Unknown or expired MCP session",
        hint: "Send initialize (without Mcp-Session-Id) to open a new session",
      });
    }
    // The request is answered for the credential it carries (a refreshed token, its scopes).
    attachPrincipal(request.raw, principal);
    const direct = body === undefined ? undefined : session.transport.directRequest(request.raw, body);
    if (direct !== undefined) {
      const answer = await session.transport.answer(direct, request.raw);
      return reply
        .header("mcp-session-id", id)
        .header("content-type", "application/json")
        .send(Buffer.from(JSON.stringify(answer)));
    }
    reply.hijack();
    await session.transport.sdk.handleRequest(request.raw, reply.raw, body);
  }

  async function openSession(principal: McpPrincipal, request: FastifyRequest, reply: FastifyReply) {
    const direct = new DirectHandlers();
    const server = deps.newServer(principal, direct);
    const sdkTransport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // A request's answer as one JSON body (no per-request SSE stream): tool calls send no
      // progress notifications, and JSON is cheaper for every client. GET /mcp still opens the
      // session's server stream.
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => {
        deps.sessions.add(sessionId, {
          kind: "streamable",
          transport,
          server,
          keyId: principal.keyId,
          accountId: principal.accountId,
        });
      },
    });
    const transport = new SessionTransport(sdkTransport, direct);
    transport.onclose = () => {
      if (transport.sessionId !== undefined) deps.sessions.remove(transport.sessionId);
    };
    await server.connect(transport);
    reply.hijack();
    await sdkTransport.handleRequest(request.raw, reply.raw, request.body);
  }

  app.post("/mcp", async (request, reply) => {
    try {
      // A request in a session is an earlier revision's: 2026-07-28 has no sessions, so only a
      // request without one is classified (what the SDK v2 classifies by costs a few zod parses
      // that fail on every session call).
      if (sessionIdOf(request) !== undefined) return await handleInSession(request, reply, request.body);
      // 2026-07-28: every request stands alone (its revision in `_meta`).
      const modern = await deps.modern.modernRequest(request);
      if (modern !== undefined) {
        return reply.send(await deps.modern.serve(modern, await authorize(request)));
      }
      if (isInitializeRequest(request.body))
        return await openSession(await authorize(request), request, reply);
      return await handleInSession(request, reply, request.body);
    } catch (error) {
      if (reply.sent || reply.raw.headersSent) throw error;
      return sendMcpHttpError(reply, error, jsonRpcIdOf(request.body));
    }
  });

  app.get("/mcp", async (request, reply) => {
    const accept = String(request.headers.accept ?? "");
    if (!accept.includes("text/event-stream")) {
      return {
        name: SERVER_INFO.name,
        version: SERVER_INFO.version,
        protocolVersion: "2024-11-05",
        latestProtocolVersion: LATEST_PROTOCOL_VERSION,
      };
    }
    try {
      return await handleInSession(request, reply);
    } catch (error) {
      if (reply.sent || reply.raw.headersSent) throw error;
      return sendMcpHttpError(reply, error);
    }
  });

  app.delete("/mcp", async (request, reply) => {
    try {
      return await handleInSession(request, reply);
    } catch (error) {
      if (reply.sent || reply.raw.headersSent) throw error;
      return sendMcpHttpError(reply, error);
    }
  });
}
