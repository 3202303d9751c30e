import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createLogger } from "@kurz/logger";
import { IMPORT_UPLOAD_MAX_BYTES, SERVICE_NAMES, type ServiceName } from "@kurz/routes";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdge } from "../src";

const MiB = 1024 * 1024;

/**
 * Link-import uploads are larger than any service's own body limit: the route table gives
 * /api/v1/imports 51 MiB, and the edge streams such a body to the service instead of holding it.
 * Stand-ins for the services count the bytes they get and record the largest RSS of the process.
 */
describe("the edge and large uploads", () => {
  const received: Array<{ service: ServiceName; url: string; bytes: number }> = [];
  const servers: http.Server[] = [];
  const upstreams = {} as Record<ServiceName, string>;
  let edge: FastifyInstance;
  let edgeUrl: string;
  let sawFirstPart: () => void = () => {};
  const firstPartSeen = new Promise<void>((resolve) => {
    sawFirstPart = resolve;
  });

  beforeAll(async () => {
    for (const service of SERVICE_NAMES) {
      const server = http.createServer((request, response) => {
        let bytes = 0;
        request.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (request.url === "/api/v1/imports?first-part" && bytes >= MiB) sawFirstPart();
        });
        request.on("end", () => {
          received.push({ service, url: request.url ?? "", bytes });
          response.writeHead(202, { "content-type": "application/json" });
          response.end(JSON.stringify({ bytes }));
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
    await edge?.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** `size` bytes in 64 KiB chunks, made as they are read (the test holds no file either). */
  function generated(size: number): Readable {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let left = size;
    return new Readable({
      read() {
        if (left <= 0) return this.push(null);
        const next = chunk.subarray(0, Math.min(chunk.length, left));
        left -= next.length;
        this.push(next);
      },
    });
  }

  function post(
    path: string,
    size: number,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${edgeUrl}${path}`,
        { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", ...headers } },
        (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      generated(size).pipe(request);
    });
  }

  it("streams a 30 MB import upload to link-api without holding it (RSS growth printed)", async () => {
    // One upload first: the heap's growth to its working size is not the upload's cost.
    await post("/api/v1/imports", 30 * MiB, { "content-length": String(30 * MiB) });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const answer = await post("/api/v1/imports", 30 * MiB, { "content-length": String(30 * MiB) });
    clearInterval(sampler);
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 30 * MiB });
    const growth = (peak - before) / MiB;
    // Client, edge and stand-in share this process, so this counts their garbage too (printed,
    // not asserted); that the edge does not wait for the whole body is the next test's.
    process.stdout.write(
      `RSS growth (client + edge + stand-in) during a 30 MiB upload: ${growth.toFixed(1)} MiB\n`,
    );
  });

  it("passes the first part of an upload on before the client has sent the rest", async () => {
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${edgeUrl}/api/v1/imports?first-part`,
        { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" } },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on("error", reject);
      request.write(Buffer.alloc(2 * MiB, "a"));
      // A holding edge would pass nothing on until the end: this would never be seen.
      void firstPartSeen.then(() => request.end(Buffer.alloc(MiB, "b")));
    });
    expect(await answer).toBe(202);
    expect(received.at(-1)).toMatchObject({ url: "/api/v1/imports?first-part", bytes: 3 * MiB });
  });

  it("streams a chunked upload (no Content-Length) too", async () => {
    const answer = await post("/api/v1/imports", 3 * MiB);
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 3 * MiB });
  });

  it("refuses an upload declared over the route's limit with 413 in the Kurz error body", async () => {
    const answer = await post("/api/v1/imports", 64 * 1024, {
      "content-length": String(IMPORT_UPLOAD_MAX_BYTES + 1),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("cuts off a chunked upload that grows past the route's limit with 413", async () => {
    const before = received.length;
    const answer = await post("/api/v1/imports", IMPORT_UPLOAD_MAX_BYTES + MiB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    // link-api never saw a complete request.
    expect(received.slice(before).some((r) => r.url === "/api/v1/imports")).toBe(false);
  });

  it("still refuses a JSON body over 1 MiB on the other link-api routes", async () => {
    const answer = await post("/api/v1/urls", 2 * MiB, {
      "content-type": "application/json",
      "content-length": String(2 * MiB),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("passes a >1 MiB upload to the dashboard's relay of imports", async () => {
    const answer = await post("/app/api/v1/imports", 2 * MiB, { "content-length": String(2 * MiB) });
    expect(answer.status).toBe(202);
    expect(received.at(-1)).toMatchObject({ service: "dashboard", bytes: 2 * MiB });
  });
});
