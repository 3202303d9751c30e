import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDashboard, type TestDashboard } from "./support/start-test-dashboard";

/** What Swagger UI's page sends (@fastify/swagger-ui with staticCSP), as link-api serves it. */
const DOCS_CSP = "default-src 'self'; script-src 'self'; style-src 'self' https: 'unsafe-inline'";

/**
 * A stand-in for link-api's HTTP port: the relay's side of the exchange is what is under test,
 * so the upstream answers with fixed headers (the docs page with its own CSP and framing rule,
 * a JSON answer with none) and records the bearer token it was given.
 */
let upstream: Server;
let dashboard: TestDashboard;
const seen: Array<{ url: string | undefined; authorization: string | undefined }> = [];
/** The Idempotency-Key of each request the upstream got (undefined: none). */
const keysSeen: Array<string | string[] | undefined> = [];
/** The Kurz-Workspace of each request the upstream got (undefined: none). */
const workspacesSeen: Array<string | string[] | undefined> = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push({ url: request.url, authorization: request.headers.authorization });
    keysSeen.push(request.headers["idempotency-key"]);
    workspacesSeen.push(request.headers["kurz-workspace"]);
    if (request.method === "POST") {
      // A replay as the API answers it for a repeated Idempotency-Key.
      response.writeHead(201, { "content-type": "application/json", "idempotent-replayed": "true" });
      response.end('{"success":true}');
      return;
    }
    if (request.url?.startsWith("/api/v1/docs")) {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": DOCS_CSP,
        "x-frame-options": "SAMEORIGIN",
        "x-powered-by": "nothing the page needs",
      });
      response.end("<!doctype html><title>Swagger UI</title>");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"success":true,"urls":[]}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  dashboard = await startTestDashboard({ LINK_API_HTTP_URL: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await dashboard?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe("the API relay's answer headers", () => {
  it("passes the API's CSP and framing rule through (Swagger UI keeps its policy)", async () => {
    const id = await dashboard.signIn();
    const docs = await dashboard.app.http.app.inject({ url: "/app/api/v1/docs", cookies: { kurz_app: id } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-security-policy"]).toBe(DOCS_CSP);
    expect(docs.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(docs.headers["x-content-type-options"]).toBe("nosniff");
    expect(docs.headers["x-powered-by"]).toBeUndefined();
    expect(seen.at(-1)).toEqual({ url: "/api/v1/docs", authorization: "Bearer eyJ.test-access-token.sig" });
  });

  it("answers with a CSP that runs nothing and no framing where the API sets none", async () => {
    const id = await dashboard.signIn();
    const listed = await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ success: true, urls: [] });
    expect(listed.headers["content-security-policy"]).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(listed.headers["x-frame-options"]).toBe("DENY");
    expect(listed.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the API relay and Idempotency-Key", () => {
  it("passes the page's Idempotency-Key on and the API's Idempotent-Replayed back", async () => {
    const id = await dashboard.signIn();
    const created = await dashboard.app.http.app.inject({
      method: "POST",
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id },
      headers: { "x-csrf-token": "c".repeat(43), "idempotency-key": "page-retry-1" },
      payload: { url: "https://example.com" },
    });
    expect(created.statusCode).toBe(201);
    expect(keysSeen.at(-1)).toBe("page-retry-1");
    expect(created.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("the API relay and Kurz-Workspace", () => {
  const workspace = "5f0c2b9e-8d7a-4c1e-9b3f-2a6d4e8c1f07";

  it("passes the workspace the page acts in on, for reads and writes", async () => {
    const id = await dashboard.signIn();
    const listed = await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id },
      headers: { "kurz-workspace": workspace },
    });
    expect(listed.statusCode).toBe(200);
    expect(workspacesSeen.at(-1)).toBe(workspace);

    const created = await dashboard.app.http.app.inject({
      method: "POST",
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id },
      headers: { "x-csrf-token": "c".repeat(43), "kurz-workspace": workspace },
      payload: { url: "https://example.com" },
    });
    expect(created.statusCode).toBe(201);
    expect(workspacesSeen.at(-1)).toBe(workspace);
  });

  it("names the workspace of the page's cookie for a navigation without the header (a download link), never for the page's own calls, never a malformed one", async () => {
    const id = await dashboard.signIn();
    const navigate = { "sec-fetch-mode": "navigate" };
    const download = await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id, kurz_workspace: workspace },
      headers: navigate,
    });
    expect(download.statusCode).toBe(200);
    expect(workspacesSeen.at(-1)).toBe(workspace);

    // A fetch without the header means the person's own workspace, whatever the cookie says.
    await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id, kurz_workspace: workspace },
      headers: { "sec-fetch-mode": "cors" },
    });
    expect(workspacesSeen.at(-1)).toBeUndefined();

    const other = "0190f0a0-0000-7000-8000-0000000000aa";
    await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id, kurz_workspace: workspace },
      headers: { ...navigate, "kurz-workspace": other },
    });
    expect(workspacesSeen.at(-1)).toBe(other);

    await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id, kurz_workspace: "x\r\nset-cookie: a=b" },
      headers: navigate,
    });
    expect(workspacesSeen.at(-1)).toBeUndefined();
  });

  it("sends none when the page names none (the person's own workspace)", async () => {
    const id = await dashboard.signIn();
    const listed = await dashboard.app.http.app.inject({
      url: "/app/api/v1/urls",
      cookies: { kurz_app: id },
    });
    expect(listed.statusCode).toBe(200);
    expect(workspacesSeen.at(-1)).toBeUndefined();
  });
});
