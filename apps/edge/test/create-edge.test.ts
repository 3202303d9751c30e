import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@kurz/logger";
import { SERVICE_NAMES, type ServiceName } from "@kurz/routes";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdge } from "../src";

interface Seen {
  service: ServiceName;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe("the local edge", () => {
  const seen: Seen[] = [];
  const upstreams = {} as Record<ServiceName, string>;
  const servers: http.Server[] = [];
  let edge: FastifyInstance;
  let edgeUrl: string;

  beforeAll(async () => {
    for (const service of SERVICE_NAMES) {
      const server = http.createServer((request, response) => {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          seen.push({
            service,
            method: request.method ?? "",
            url: request.url ?? "",
            headers: request.headers,
            body,
          });
          const ready = request.url === "/readyz" && service !== "webhook-dispatcher";
          response.writeHead(request.url === "/readyz" ? (ready ? 200 : 503) : 200, {
            "content-type": "application/json",
          });
          response.end(JSON.stringify({ service }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      upstreams[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    edge = await createEdge({ logger: createLogger({ service: "edge", level: "silent" }), upstreams });
    edgeUrl = await edge.listen({ host: "127.0.0.1", port: 0 });
  });

  afterAll(async () => {
    await edge.close();
    for (const server of servers) server.close();
  });

  it("routes by the route table and passes method, path, query and body through untouched", async () => {
    const response = await fetch(`${edgeUrl}/api/v1/urls?page=2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"url":"https://example.com"}',
    });
    expect(await response.json()).toEqual({ service: "link-api" });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      service: "link-api",
      method: "POST",
      url: "/api/v1/urls?page=2",
      body: '{"url":"https://example.com"}',
    });
  });

  it("sends short codes to the redirector with the client and the host it received (never a client's claim) in X-Forwarded headers", async () => {
    // fetch may not set Host (a forbidden header); a plain request can, as a browser's would.
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          `${edgeUrl}/promo2026`,
          { headers: { host: "go.brand.example", "x-forwarded-host": "spoofed.example" } },
          (response) => {
            response.resume().on("end", resolve);
          },
        )
        .on("error", reject);
    });
    const last = seen.at(-1)!;
    expect(last.service).toBe("redirector");
    expect(last.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(last.headers["x-forwarded-host"]).toBe("go.brand.example");
    expect(last.headers["x-forwarded-proto"]).toBe("http");
  });

  it("aggregates readiness: 503 and the failing service named when one is not ready", async () => {
    const response = await fetch(`${edgeUrl}/.kurz/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { services: Record<string, { status: string }> };
    expect(body.services["webhook-dispatcher"]?.status).toBe("not_ready");
    expect(body.services["link-api"]?.status).toBe("ready");
  });

  it("probes one service's health as a probe would: its /readyz, without X-Forwarded-* headers", async () => {
    // A forwarded /readyz is a visitor asking the redirector for the short code "readyz".
    const response = await fetch(`${edgeUrl}/.kurz/health/redirector`, {
      headers: { "x-forwarded-for": "1.2.3.4" },
    });
    expect(response.status).toBe(200);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ service: "redirector", url: "/readyz" });
    expect(last.headers["x-forwarded-for"]).toBeUndefined();
    expect(last.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("answers 503 with the error body when a service is down", async () => {
    const down = await createEdge({
      logger: createLogger({ service: "edge", level: "silent" }),
      upstreams: { ...upstreams, "link-api": "http://127.0.0.1:1" },
    });
    const response = await down.inject({ method: "GET", url: "/api/v1/urls" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, code: "DEPENDENCY_UNAVAILABLE" });
    // A client is told when to try again (the outage is seconds long).
    expect(response.headers["retry-after"]).toBe("2");
    await down.close();
  });
});
