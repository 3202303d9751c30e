import type { FastifyInstance } from "fastify";

/**
 * Every 401 of the MCP endpoints says how to authenticate (RFC 9110 §11.6.1): first the OAuth
 * challenge with the protected-resource metadata URL (RFC 9728 §5.1; MCP clients that speak only
 * OAuth start their authorization from it), then the API-key header.
 */
export function registerAuthChallenge(app: FastifyInstance, options: { resourceMetadataUrl: string }): void {
  const challenge = `Bearer resource_metadata="${options.resourceMetadataUrl}", ApiKey header="x-mcp-key"`;
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 401 && request.url.startsWith("/mcp"))
      reply.header("www-authenticate", challenge);
    return payload;
  });
}
