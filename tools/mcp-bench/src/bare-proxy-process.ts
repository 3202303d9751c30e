/**
 * The least an HTTP → gRPC hop costs here: a bare Node HTTP server (no framework, no MCP) that
 * answers the bench client's JSON-RPC `tools/call getUrl` with the same `LinkService.GetLink` the
 * gateway makes (the same @kurz/grpc client, the same API key exchanged at auth-server), and
 * `initialize` with a session id so the same client drives it. No authentication, no rate
 * limit, no validation: a floor to read the gateway's cost against, never a server to deploy.
 * Reports its URL, then its CPU time whenever the parent asks (as gateway-process.ts does).
 */
import http from "node:http";
import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { createServiceTokensFromConfig } from "@kurz/service-runtime";

const links = createGrpcClient(linksV1.LinkService, process.env.LINK_API_GRPC_ADDR ?? "", {
  logger: createLogger({ service: "mcp-bench-bare-proxy", level: "fatal" }),
  auth: {
    audience: "link-api",
    tokens: createServiceTokensFromConfig(
      {
        AUTH_SERVER_HTTP_URL: process.env.AUTH_SERVER_HTTP_URL ?? "",
        SERVICE_CLIENT_SECRET: process.env.SERVICE_CLIENT_SECRET ?? "",
      },
      "mcp-gateway",
    ),
  },
});

interface Call {
  id?: number | string;
  method: string;
  params?: { arguments?: { shortCode?: string } };
}

function reply(response: http.ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(200, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function answer(call: Call, key: string, response: http.ServerResponse): Promise<void> {
  if (call.id === undefined) {
    response.writeHead(202).end();
  } else if (call.method === "initialize") {
    const result = {
      protocolVersion: "2025-06-18",
      capabilities: {},
      serverInfo: { name: "bare", version: "1" },
    };
    reply(response, { jsonrpc: "2.0", id: call.id, result }, { "mcp-session-id": "bare" });
  } else {
    const { link } = await links.getLink(
      { shortCode: call.params?.arguments?.shortCode ?? "" },
      { actor: { apiKey: key } },
    );
    const url = { id: link?.code, originalUrl: link?.originalUrl };
    const result = { content: [{ type: "text", text: JSON.stringify({ url }) }], structuredContent: { url } };
    reply(response, { jsonrpc: "2.0", id: call.id, result });
  }
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    // DELETE /mcp (the client closing its session) has no body: nothing to answer but 204.
    const text = Buffer.concat(chunks).toString("utf8");
    if (request.method !== "POST" || text === "") {
      response.writeHead(204).end();
      return;
    }
    const call = JSON.parse(text) as Call;
    answer(call, String(request.headers["x-mcp-key"]), response).catch((error: unknown) => {
      reply(response, { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: String(error) } });
    });
  });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.on("message", (message: string) => {
    if (message === "cpu") {
      const cpu = process.cpuUsage();
      process.send?.({ cpuMs: (cpu.user + cpu.system) / 1000 });
    } else if (message === "stop") {
      links.close();
      server.close(() => process.exit(0));
    }
  });
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
