import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { createLogger } from "@kurz/logger";
import { SERVICE_NAMES, SERVICES, type ServiceName } from "@kurz/routes";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdge } from "../src";

interface Seen {
  service: ServiceName;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

interface RawAnswer {
  /** Every status line received, in order (a 100 Continue comes first). */
  statuses: number[];
  status: number;
  headers: Record<string, string>;
  body: string;
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (!(size > 0)) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

/** One request written byte for byte on a socket; the answer read until the server closes. */
function raw(
  port: number,
  head: string,
  body?: Buffer | string,
  options: { waitForContinue?: boolean } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let bodySent = false;
    const sendBody = () => {
      if (bodySent || body === undefined) return;
      bodySent = true;
      socket.write(body);
    };
    socket.on("connect", () => {
      socket.write(head);
      if (!options.waitForContinue) sendBody();
    });
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (options.waitForContinue && Buffer.concat(chunks).toString("latin1").startsWith("HTTP/1.1 100"))
        sendBody();
    });
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const statuses = [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      const final = text.lastIndexOf("HTTP/1.1 ");
      const [headBlock = "", ...rest] = text.slice(final).split("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of headBlock.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let payload = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") payload = dechunk(payload);
      resolve({ statuses, status: statuses.at(-1) ?? 0, headers, body: payload });
    });
  });
}

function expectKurzError(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.error).toBe("string");
}

describe("the edge under hostile requests: no 5xx for a client's mistake", () => {
  const seen: Seen[] = [];
  const upstreams = {} as Record<ServiceName, string>;
  const servers: http.Server[] = [];
  let edge: FastifyInstance;
  let trusting: FastifyInstance;
  let port: number;
  let trustingPort: number;

  beforeAll(async () => {
    for (const service of SERVICE_NAMES) {
      const server = http.createServer((request, response) => {
        let bodyBytes = 0;
        request.on("data", (chunk: Buffer) => {
          bodyBytes += chunk.length;
        });
        request.on("end", () => {
          seen.push({
            service,
            method: request.method ?? "",
            url: request.url ?? "",
            headers: request.headers,
            bodyBytes,
          });
          if (request.url?.startsWith("/auth/long-redirect")) {
            response.writeHead(303, { location: `/account?${"x=1&".repeat(5_000)}` });
            response.end();
            return;
          }
          if (request.url?.startsWith("/auth/huge-headers")) {
            response.writeHead(200, { "x-filler": "y".repeat(80 * 1024) });
            response.end();
            return;
          }
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ service, bodyBytes }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      upstreams[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    const logger = createLogger({ service: "edge", level: "silent" });
    edge = await createEdge({ logger, upstreams });
    port = Number(new URL(await edge.listen({ host: "127.0.0.1", port: 0 })).port);
    trusting = await createEdge({ logger, upstreams, trustedProxies: ["loopback"] });
    trustingPort = Number(new URL(await trusting.listen({ host: "127.0.0.1", port: 0 })).port);
  });

  afterAll(async () => {
    await edge?.close();
    await trusting?.close();
    for (const server of servers) server.close();
  });

  const last = () => seen.at(-1) as Seen;

  it.each(["%zz", "%FF%FE", "%C3%28"])(
    "passes a malformed escape in the query to the service untouched, GET and HEAD: %s",
    async (malformed) => {
      for (const method of ["GET", "HEAD"]) {
        const answer = await raw(
          port,
          `${method} /api/v1/urls?x=${malformed} HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n`,
        );
        expect(answer.status).toBe(200);
        expect(last()).toMatchObject({ service: "link-api", method, url: `/api/v1/urls?x=${malformed}` });
      }
    },
  );

  it("answers a malformed %-escape in the path with 400 in the error body", async () => {
    const answer = await raw(
      port,
      "GET /api/v1/urls/%zz HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n",
    );
    expectKurzError(answer, 400, "VALIDATION_ERROR");
  });

  it("accepts an absolute-form target: routed by its path, its authority as the host", async () => {
    const answer = await raw(
      port,
      `GET http://go.brand.example/api/v1/urls?page=2 HTTP/1.1\r\nhost: other.example\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(last()).toMatchObject({ service: "link-api", url: "/api/v1/urls?page=2" });
    expect(last().headers["x-forwarded-host"]).toBe("go.brand.example");
    const code = await raw(
      port,
      "GET http://go.brand.example/promo HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    );
    expect(code.status).toBe(200);
    expect(last()).toMatchObject({ service: "redirector", url: "/promo" });
  });

  it("answers OPTIONS * itself, and any other target of no known form with 400", async () => {
    const options = await raw(port, "OPTIONS * HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain("GET");
    const odd = await raw(port, "GET * HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n");
    expectKurzError(odd, 400, "VALIDATION_ERROR");
  });

  it("supports Expect: 100-continue: 100, then the service's answer to the whole body", async () => {
    const body = "x".repeat(50_000);
    const answer = await raw(
      port,
      `POST /api/v1/urls HTTP/1.1\r\nhost: k.test\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n`,
      body,
      { waitForContinue: true },
    );
    expect(answer.statuses).toEqual([100, 200]);
    expect(JSON.parse(answer.body)).toEqual({ service: "link-api", bodyBytes: 50_000 });
    expect(last().headers.expect).toBeUndefined();
  });

  it("refuses an announced body over the service's limit with 413 before it is sent (no 100)", async () => {
    const answer = await raw(
      port,
      `POST /api/v1/urls HTTP/1.1\r\nhost: k.test\r\ncontent-length: ${2 * 1024 * 1024}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.statuses).toEqual([413]);
    expectKurzError(answer, 413, "PAYLOAD_TOO_LARGE");
  });

  it("answers a body over the owning service's limit with 413, declared or chunked", async () => {
    const before = seen.length;
    const size = SERVICES["analytics-ingest"].maxBodyBytes + 1;
    const declared = await raw(
      port,
      `POST /api/v1/conversions HTTP/1.1\r\nhost: k.test\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
      "y".repeat(size),
    );
    expectKurzError(declared, 413, "PAYLOAD_TOO_LARGE");
    const chunk = "z".repeat(256 * 1024);
    const chunked = `${(chunk.length).toString(16)}\r\n${chunk}\r\n`.repeat(8) + "0\r\n\r\n";
    const streamed = await raw(
      port,
      "POST /api/v1/urls HTTP/1.1\r\nhost: k.test\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
      chunked,
    );
    expectKurzError(streamed, 413, "PAYLOAD_TOO_LARGE");
    expect(seen.length).toBe(before);
  });

  it("passes a service's redirect with a Location over 16 KiB through", async () => {
    const answer = await raw(
      port,
      "GET /auth/long-redirect HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location?.length).toBeGreaterThan(16 * 1024);
  });

  it("answers 502 in the error body when a service's headers are beyond what the edge passes on", async () => {
    const answer = await raw(
      port,
      "GET /auth/huge-headers HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n",
    );
    expectKurzError(answer, 502, "BAD_GATEWAY");
    expect(answer.body).not.toMatch(/UND_ERR|undici|at /);
  });

  it("answers request headers over 16 KiB with 431, and unreadable requests with 400, in the error body", async () => {
    const big = await raw(
      port,
      `GET /api/v1/urls HTTP/1.1\r\nhost: k.test\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expectKurzError(big, 431, "HEADERS_TOO_LARGE");
    const nul = await raw(port, "GET /api/v1/urls\u0000 HTTP/1.1\r\nhost: k.test\r\n\r\n");
    expectKurzError(nul, 400, "VALIDATION_ERROR");
    const framing = await raw(
      port,
      "POST /api/v1/urls HTTP/1.1\r\nhost: k.test\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
    );
    expectKurzError(framing, 400, "VALIDATION_ERROR");
  });

  it("answers a method it does not route with 405 in the error body", async () => {
    const answer = await raw(
      port,
      "PROPFIND /api/v1/urls HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n",
    );
    expectKurzError(answer, 405, "METHOD_NOT_ALLOWED");
  });

  it("replaces a client's X-Forwarded-For and drops Forwarded / X-Real-IP", async () => {
    await raw(
      port,
      "GET /promo HTTP/1.1\r\nhost: k.test\r\nx-forwarded-for: 81.2.69.142\r\nforwarded: for=81.2.69.142\r\nx-real-ip: 81.2.69.142\r\nconnection: close\r\n\r\n",
    );
    expect(last().headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(last().headers.forwarded).toBeUndefined();
    expect(last().headers["x-real-ip"]).toBeUndefined();
  });

  it("takes the client from X-Forwarded-For only when the edge is told to trust the proxy in front", async () => {
    await raw(
      trustingPort,
      "GET /promo HTTP/1.1\r\nhost: k.test\r\nx-forwarded-for: 81.2.69.142\r\nconnection: close\r\n\r\n",
    );
    expect(last().headers["x-forwarded-for"]).toBe("81.2.69.142");
  });

  it("answers 503 in the error body when the service is down", async () => {
    const down = await createEdge({
      logger: createLogger({ service: "edge", level: "silent" }),
      upstreams: { ...upstreams, "link-api": "http://127.0.0.1:1" },
    });
    const downPort = Number(new URL(await down.listen({ host: "127.0.0.1", port: 0 })).port);
    const answer = await raw(
      downPort,
      "GET /api/v1/urls HTTP/1.1\r\nhost: k.test\r\nconnection: close\r\n\r\n",
    );
    expectKurzError(answer, 503, "DEPENDENCY_UNAVAILABLE");
    expect(answer.headers["retry-after"]).toBe("2");
    await down.close();
  });
});
