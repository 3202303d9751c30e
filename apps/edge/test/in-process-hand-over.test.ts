import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@kurz/logger";
import { SERVICE_NAMES, type ServiceName } from "@kurz/routes";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdge } from "../src";

interface Seen {
  how: "in process" | "relayed";
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
}

/** One request through the edge, with headers fetch may not set (Host, X-Forwarded-For). */
function request(
  edgeUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${edgeUrl}${path}`,
      { method: options.method ?? "GET", headers: options.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

describe("the embedded edge hands requests without a body to a service in its own process", () => {
  const seen: Seen[] = [];
  const upstreams = {} as Record<ServiceName, string>;
  const servers: http.Server[] = [];
  let edge: FastifyInstance;
  let edgeUrl: string;

  const answer = (how: Seen["how"]) => (incoming: http.IncomingMessage, response: http.ServerResponse) => {
    incoming.resume();
    incoming.on("end", () => {
      seen.push({
        how,
        url: incoming.url ?? "",
        headers: incoming.headers,
        rawHeaders: [...incoming.rawHeaders],
      });
      response.writeHead(302, { location: "https://example.com/landing" }).end();
    });
  };

  beforeAll(async () => {
    for (const service of SERVICE_NAMES) {
      const server = http.createServer(answer("relayed"));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      upstreams[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    edge = await createEdge({
      logger: createLogger({ service: "edge", level: "silent" }),
      upstreams,
      inProcess: { redirector: answer("in process"), "link-api": answer("in process") },
    });
    edgeUrl = await edge.listen({ host: "127.0.0.1", port: 0 });
  });

  afterAll(async () => {
    await edge.close();
    for (const server of servers) server.close();
  });

  it("shows the service what the relay would: origin-form target, the client's host, the edge's X-Forwarded-* in headers and raw headers", async () => {
    const answered = await request(edgeUrl, "/promo2026?utm_source=x", {
      headers: {
        host: "go.acme.com",
        "x-forwarded-for": "6.6.6.6",
        "X-Forwarded-Host": "evil.example",
        forwarded: "for=6.6.6.6",
        "x-real-ip": "6.6.6.6",
        "user-agent": "Mozilla/5.0",
      },
    });
    expect(answered.status).toBe(302);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ how: "in process", url: "/promo2026?utm_source=x" });
    expect(last.headers).toMatchObject({
      host: "go.acme.com",
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-host": "go.acme.com",
      "x-forwarded-proto": "http",
      "user-agent": "Mozilla/5.0",
    });
    expect(last.headers.forwarded).toBeUndefined();
    expect(last.headers["x-real-ip"]).toBeUndefined();
    // The redirector reads rawHeaders: they say the same, the client's claims gone.
    const raw: Record<string, string[]> = {};
    for (let i = 0; i + 1 < last.rawHeaders.length; i += 2) {
      const name = last.rawHeaders[i]!.toLowerCase();
      raw[name] = [...(raw[name] ?? []), last.rawHeaders[i + 1]!];
    }
    expect(raw.host).toEqual(["go.acme.com"]);
    expect(raw["x-forwarded-for"]).toEqual(["127.0.0.1"]);
    expect(raw["x-forwarded-host"]).toEqual(["go.acme.com"]);
    expect(raw.forwarded).toBeUndefined();
    expect(raw["user-agent"]).toEqual(["Mozilla/5.0"]);
  });

  it("relays what has a body, what is not in process, health documents and absolute-form targets as before", async () => {
    await request(edgeUrl, "/api/v1/urls", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"url":"https://example.com"}',
    });
    expect(seen.at(-1)).toMatchObject({ how: "relayed", url: "/api/v1/urls" });
    await request(edgeUrl, "/api/v1/analytics/account/overview");
    expect(seen.at(-1)).toMatchObject({ how: "relayed" });
    await request(edgeUrl, "/.kurz/health/redirector");
    expect(seen.at(-1)).toMatchObject({ how: "relayed", url: "/readyz" });
    await request(edgeUrl, "/api/v1/urls?page=2");
    expect(seen.at(-1)).toMatchObject({ how: "in process", url: "/api/v1/urls?page=2" });
  });

  it("keeps the connection: several requests on one kept-alive socket, each handed over", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = seen.length;
      for (let i = 0; i < 3; i++) {
        const answered = await new Promise<number>((resolve, reject) => {
          http
            .get(`${edgeUrl}/code${i}`, { agent }, (response) => {
              response.resume();
              response.on("end", () => resolve(response.statusCode ?? 0));
            })
            .on("error", reject);
        });
        expect(answered).toBe(302);
      }
      expect(seen.slice(before).map((s) => [s.how, s.url])).toEqual([
        ["in process", "/code0"],
        ["in process", "/code1"],
        ["in process", "/code2"],
      ]);
    } finally {
      agent.destroy();
    }
  });
});
