import http from "node:http";
import type { AddressInfo } from "node:net";

export interface KeyProxy {
  port: number;
  stop(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): about one connection, never forwarded. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection"]);
const KEY_HEADER = "x-mcp-key";

/** Raw headers ([name, value, name, value, …], as Node reads them) without the named ones. */
function rawHeadersWithout(raw: readonly string[], drop: (name: string) => boolean): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!drop(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

/**
 * An HTTP proxy on 127.0.0.1 in front of the edge that adds `x-mcp-key: <key>` to every request:
 * the conformance suite's client sends no credentials, and every MCP request must carry one.
 * Everything else passes unchanged in both directions — method, target, header names, values and
 * order (Host and Origin included, so the server judges the client's own), body — and answers
 * stream through as they come (`text/event-stream` is never buffered). A client that leaves ends
 * its upstream request, so a server stream it held is closed on the server too.
 */
export async function startKeyProxy(options: { upstreamPort: number; key: string }): Promise<KeyProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const headers = rawHeadersWithout(
      request.rawHeaders,
      (name) => HOP_BY_HOP.has(name) || name === KEY_HEADER,
    );
    headers.push(KEY_HEADER, options.key);
    const upstream = http.request({
      host: "127.0.0.1",
      port: options.upstreamPort,
      method: request.method,
      path: request.url,
      headers,
      agent,
      // Host stays the client's (it is among the raw headers): Node does not add its own.
      setHost: false,
    });
    upstream.on("response", (answer) => {
      response.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        rawHeadersWithout(answer.rawHeaders, (name) => HOP_BY_HOP.has(name)),
      );
      // Headers go out now: a server stream's first event may come much later.
      response.flushHeaders();
      answer.pipe(response);
      answer.on("error", () => response.destroy());
    });
    upstream.on("error", (error) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`key proxy: upstream failed: ${error.message}`);
    });
    // The client left before the answer ended: end the upstream request too.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      agent.destroy();
      await closed;
    },
  };
}
