import { SCOPE_NAMES } from "@kurz/auth-verifier";
import type { FastifyInstance } from "fastify";

/** Where the MCP server's OAuth protected-resource metadata is (RFC 9728 §3.1, path inserted). */
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource/mcp";

/**
 * RFC 9728 protected-resource metadata of the MCP server, for clients that speak only MCP
 * authorization: the resource (`<base>/mcp`), the authorization server that issues its tokens
 * (our issuer; its RFC 8414 metadata names the endpoints, dynamic registration included), the
 * scopes, and that tokens go in the Authorization header. Also at the bare well-known path, for
 * clients that look there first. A 401 from /mcp points here in `WWW-Authenticate`.
 */
export function registerProtectedResourceRoute(app: FastifyInstance, options: { issuer: string }): void {
  const metadata = {
    resource: `${options.issuer}/mcp`,
    authorization_servers: [options.issuer],
    scopes_supported: [...SCOPE_NAMES],
    bearer_methods_supported: ["header"],
    resource_name: "Kurz MCP server",
    resource_documentation: `${options.issuer}/api/v1/docs`,
  };
  for (const path of [PROTECTED_RESOURCE_PATH, "/.well-known/oauth-protected-resource"]) {
    app.get(path, async (_request, reply) =>
      reply.header("cache-control", "public, max-age=300").send(metadata),
    );
  }
}
