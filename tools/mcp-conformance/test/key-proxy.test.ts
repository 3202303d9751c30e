import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KeyProxy, startKeyProxy } from "../src/start-key-proxy";

interface Seen {
  method: string;
  url: string;
  rawHeaders: string[];
  body: string;
}

/** Sends a raw request and resolves with the raw answer once `until` matches it. */
function rawRequest(port: number, request: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new net.Socket();
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (until.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", reject);
    socket.connect(port, "127.0.0.1", () => socket.write(request));
  });
}

describe("the key proxy", () => {
  let upstream: http.Server;
  let proxy: KeyProxy;
  const seen: Seen[] = [];
  let releaseStream: () => void = () => {};
  let streamClosed: Promise<void>;

  beforeAll(async () => {
    let markClosed: () => void = () => {};
    streamClosed = new Promise((resolve) => {
      markClosed = resolve;
    });
    upstream = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        seen.push({
          method: request.method ?? "",
          url: request.url ?? "",
          rawHeaders: request.rawHeaders,
          body,
        });
        if (request.url === "/stream") {
          // A server stream: one event now, the rest only when the test says so.
          response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
          response.write("id: 1\ndata: first\n\n");
          releaseStream = () => response.end("id: 2\ndata: last\n\n");
          response.on("close", markClosed);
          return;
        }
        response.writeHead(201, "Made", ["Content-Type", "application/json", "X-Upstream", "yes"]);
        response.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    proxy = await startKeyProxy({
      upstreamPort: (upstream.address() as AddressInfo).port,
      key: "kurz_test_key",
    });
  });

  afterAll(async () => {
    await proxy?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("forwards method, target, headers (Host and Origin unchanged) and body, adding only x-mcp-key", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    // node:http, not fetch: fetch will not send a Host of the caller's choosing.
    const response = await new Promise<{
      status: number;
      message: string;
      headers: http.IncomingHttpHeaders;
      body: string;
    }>((resolve, reject) => {
      const request = http.request({
        host: "127.0.0.1",
        port: proxy.port,
        method: "POST",
        path: "/mcp?x=%2F1",
        headers: {
          host: "evil.example.com",
          origin: "http://evil.example.com",
          "content-type": "application/json",
          "x-mcp-key": "a key the client should not be able to choose",
        },
      });
      request.on("response", (answer) => {
        let text = "";
        answer.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            message: answer.statusMessage ?? "",
            headers: answer.headers,
            body: text,
          }),
        );
      });
      request.on("error", reject);
      request.end(body);
    });
    expect(response.status).toBe(201);
    expect(response.message).toBe("Made");
    expect(response.headers["x-upstream"]).toBe("yes");
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    const request = seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/mcp?x=%2F1");
    expect(request.body).toBe(body);
    const headers = new Map<string, string[]>();
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      const name = request.rawHeaders[i]!.toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), request.rawHeaders[i + 1]!]);
    }
    expect(headers.get("host")).toEqual(["evil.example.com"]);
    expect(headers.get("origin")).toEqual(["http://evil.example.com"]);
    expect(headers.get("x-mcp-key")).toEqual(["kurz_test_key"]);
  });

  it("streams text/event-stream answers as they come, and a client that leaves closes the upstream stream", async () => {
    // The first event arrives while the upstream answer is still open: nothing is buffered.
    const answer = await rawRequest(
      proxy.port,
      "GET /stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n",
      /data: first/,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain("content-type: text/event-stream");
    expect(answer).not.toContain("data: last");
    // rawRequest destroyed its socket: the proxy must end the upstream request too.
    await streamClosed;
    releaseStream();
  });
});
