import http from "node:http";
import type { AddressInfo } from "node:net";
import { SERVICE_NAMES, serviceVariable } from "@kurz/routes";
import { afterAll, describe, expect, it } from "vitest";
import { loadEdgeConfig, startEdge } from "../src";

describe("stopping the edge", () => {
  const servers: http.Server[] = [];

  afterAll(() => {
    for (const server of servers) server.closeAllConnections();
    for (const server of servers) server.close();
  });

  it("ends within its drain time although a client keeps a server-sent-events stream open", async () => {
    // Every service: an upstream whose /mcp/sse streams until the client goes, as MCP's does.
    let upstreamSawClose: () => void = () => {};
    const upstreamClosed = new Promise<void>((resolve) => {
      upstreamSawClose = resolve;
    });
    const upstream = http.createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(": open\n\n");
      request.on("close", () => upstreamSawClose());
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    servers.push(upstream);
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const env: Record<string, string> = { EDGE_PORT: "0", EDGE_DRAIN_MS: "300", LOG_LEVEL: "silent" };
    for (const service of SERVICE_NAMES) env[serviceVariable(service, "HTTP_URL")] = origin;
    const edge = await startEdge(loadEdgeConfig(env));

    const stream = await fetch(`${edge.url}/mcp/sse`);
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(": open");
    const ended = reader.read().then(
      (chunk) => (chunk.done ? "ended" : "more"),
      () => "cut",
    );

    // Without the bound this never resolves: the stream is a request in flight.
    await edge.stop();
    expect(["ended", "cut"]).toContain(await ended);
    // The upstream's stream ends too (the test's bound is the only one: it waits for the event).
    await upstreamClosed;
  });
});
