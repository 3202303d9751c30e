import {
  type AuthInfo,
  classifyInboundRequest,
  createMcpHandler,
  type McpHttpHandler,
  type Server,
} from "@modelcontextprotocol/server";
import type { FastifyRequest } from "fastify";
import type { McpPrincipal } from "../auth/mcp-principal";
import { withKurzErrorBodies } from "./with-kurz-error-bodies";

/**
 * The 2026-07-28 leg of POST /mcp: the SDK v2's per-request handler, strict (`legacy: 'reject'`:
 * earlier revisions are served by the sessions of the SDK v1, see mcp-routes.ts), answering
 * one JSON body (tools send no progress, so nothing upgrades an answer to a stream). The
 * credential is verified before, by the route; the principal reaches the server factory through
 * `authInfo`.
 */
export interface ModernMcp {
  /**
   * The request as the 2026-07-28 leg serves it, when it is for that leg (it carries the `_meta`
   * envelope or the revision's header; the SDK's own classification); undefined for earlier
   * revisions.
   */
  modernRequest(request: FastifyRequest): Promise<ModernRequest | undefined>;
  /** Answers one 2026-07-28 request for the principal. */
  serve(request: ModernRequest, principal: McpPrincipal): Promise<Response>;
  close(): Promise<void>;
}

/** A 2026-07-28 request: its headers as a web Request, its body as fastify parsed it. */
export interface ModernRequest {
  web: Request;
  body: unknown;
}

const PRINCIPAL = "kurzPrincipal";

/** A web Request of the headers (the body is passed parsed: fastify has read it). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(`http://${request.headers.host ?? "localhost"}${request.url}`, {
    method: request.method,
    headers,
  });
}

export function createModernMcp(newServer: (principal: McpPrincipal) => Server): ModernMcp {
  const handler: McpHttpHandler = createMcpHandler(
    (context) => {
      const principal = context.authInfo?.extra?.[PRINCIPAL] as McpPrincipal | undefined;
      if (principal === undefined) throw new Error("a 2026-07-28 request reached the server unauthorized");
      return newServer(principal);
    },
    { legacy: "reject" },
  );
  return {
    async modernRequest(request) {
      const body = request.body ?? null;
      // The decision isLegacyRequest makes (the SDK's classifyInboundRequest, from the headers it
      // reads and the body fastify parsed), without a web Request: nearly every POST is an
      // earlier revision's session call, which would build one only to be told so.
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      };
      const era = classifyInboundRequest({
        httpMethod: "POST",
        protocolVersionHeader: header("mcp-protocol-version"),
        mcpMethodHeader: header("mcp-method"),
        mcpNameHeader: header("mcp-name"),
        body,
      });
      return era.kind === "legacy" ? undefined : { web: webRequestOf(request), body };
    },
    async serve(request, principal) {
      const authInfo: AuthInfo = {
        token: "",
        clientId: principal.keyId,
        scopes: [...principal.permissions],
        extra: { [PRINCIPAL]: principal },
      };
      return withKurzErrorBodies(await handler.fetch(request.web, { authInfo, parsedBody: request.body }));
    },
    close: () => handler.close(),
  };
}
