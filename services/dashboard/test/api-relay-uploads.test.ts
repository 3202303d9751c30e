import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { IMPORT_UPLOAD_MAX_BYTES } from "@kurz/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDashboard, type TestDashboard } from "./support/start-test-dashboard";

const MiB = 1024 * 1024;
const CSRF = "c".repeat(43);

/**
 * The Import page uploads exports of up to 50 MB through the relay, over the dashboard's own 1 MiB
 * body limit: the imports route has its own limit in the route table and the relay streams such
 * an upload to link-api. A stand-in for link-api counts the bytes and the token it was given.
 */
let upstream: Server;
let dashboard: TestDashboard;
let dashboardUrl: string;
const seen: Array<{ url: string | undefined; bytes: number; authorization: string | undefined }> = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let bytes = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => {
      seen.push({ url: request.url, bytes, authorization: request.headers.authorization });
      response.writeHead(202, { "content-type": "application/json" });
      response.end(JSON.stringify({ success: true, bytes }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  dashboard = await startTestDashboard({ LINK_API_HTTP_URL: `http://127.0.0.1:${port}` });
  dashboardUrl = await dashboard.app.http.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await dashboard?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

function upload(
  path: string,
  cookie: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${dashboardUrl}${path}`,
      {
        method: "POST",
        headers: {
          cookie: `kurz_app=${cookie}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(body.length),
          "x-csrf-token": CSRF,
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("the API relay and import uploads", () => {
  it("passes a 5 MiB multipart upload on to link-api whole", async () => {
    const id = await dashboard.signIn();
    const answer = await upload("/app/api/v1/imports", id, Buffer.alloc(5 * MiB, "a"));
    expect(answer.status).toBe(202);
    expect(seen.at(-1)).toMatchObject({
      url: "/api/v1/imports",
      bytes: 5 * MiB,
      authorization: "Bearer eyJ.test-access-token.sig",
    });
  });

  it("checks the CSRF token before any byte reaches link-api", async () => {
    const id = await dashboard.signIn();
    const before = seen.length;
    const answer = await upload("/app/api/v1/imports", id, Buffer.alloc(2 * MiB, "a"), {
      "x-csrf-token": "wrong",
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "CSRF_FAILED" });
    expect(seen.length).toBe(before);
  });

  it("refuses an upload announced over the imports limit with 413, link-api not asked", async () => {
    const id = await dashboard.signIn();
    const before = seen.length;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${dashboardUrl}/app/api/v1/imports`,
        {
          method: "POST",
          headers: {
            cookie: `kurz_app=${id}`,
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(IMPORT_UPLOAD_MAX_BYTES + 1),
            "x-csrf-token": CSRF,
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.write(Buffer.alloc(64 * 1024, "a"));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(seen.length).toBe(before);
  });

  it("still refuses a body over 1 MiB on the other relayed routes", async () => {
    const id = await dashboard.signIn();
    const answer = await upload("/app/api/v1/urls", id, Buffer.alloc(2 * MiB, "a"), {
      "content-type": "application/json",
    });
    expect(answer.status).toBe(413);
  });
});
