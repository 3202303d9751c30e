import { AppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { describe, expect, it } from "vitest";
import { createHttpApp } from "../src";

const logger = createLogger({ service: "test", level: "silent" });

function build(readiness: Parameters<typeof createHttpApp>[0]["readiness"] = []) {
  const http = createHttpApp({
    service: "test",
    logger,
    readiness,
    bodyLimitBytes: 1024,
    readinessTimeoutMs: 200,
  });
  http.app.post("/echo", async (request) => ({ got: request.body }));
  http.app.delete("/thing", async (request) => ({ deleted: true, body: request.body ?? null }));
  http.app.get("/conflict", async () => {
    throw new AppError("ALIAS_EXISTS", { message: "Alias 'promo' is taken" });
  });
  http.app.get("/crash", async () => {
    throw new Error("database password=hunter2 rejected");
  });
  http.app.post(
    "/validated",
    { schema: { body: { type: "object", required: ["url"], properties: { url: { type: "string" } } } } },
    async () => ({ ok: true }),
  );
  return http;
}

describe("createHttpApp", () => {
  it("answers /healthz while alive", async () => {
    const response = await build().app.inject({ method: "GET", url: "/healthz" });
    expect(response.json()).toEqual({ status: "ok", service: "test" });
  });

  it("is ready only when every critical check passes, and reports each check", async () => {
    const ok = build([{ name: "db", check: async () => {} }]);
    expect((await ok.app.inject({ url: "/readyz" })).statusCode).toBe(200);

    const failing = build([
      { name: "db", check: async () => {} },
      { name: "cache", check: async () => Promise.reject(new Error("ECONNREFUSED")) },
    ]);
    const response = await failing.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: "not_ready",
      checks: { db: { ok: true }, cache: { ok: false, error: "ECONNREFUSED" } },
    });
  });

  it("stays ready when only a non-critical check fails, and bounds a hung check by the timeout", async () => {
    const http = build([
      { name: "downstream", critical: false, check: () => new Promise(() => {}) },
      { name: "db", check: async () => {} },
    ]);
    const response = await http.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks.downstream).toMatchObject({
      ok: false,
      critical: false,
      error: "timed out after 200 ms",
    });
  });

  it("turns unready the moment shutdown begins", async () => {
    const http = build();
    http.markShuttingDown();
    const response = await http.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json().status).toBe("shutting_down");
  });

  it("maps an AppError to its status and the one REST error body", async () => {
    const response = await build().app.inject({ url: "/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      error: "Alias 'promo' is taken",
      code: "ALIAS_EXISTS",
    });
  });

  it("hides the internals of an unexpected error behind a 500", async () => {
    const response = await build().app.inject({ url: "/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(response.json()).toEqual({ success: false, error: "Internal error", code: "INTERNAL" });
  });

  it("answers bad bodies with stable codes: invalid JSON 400, too large 413, wrong type 415, schema 400", async () => {
    const app = build().app;
    const json = { "content-type": "application/json" };
    const invalid = await app.inject({ method: "POST", url: "/echo", headers: json, payload: "{oops" });
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, "INVALID_JSON"]);
    const large = await app.inject({
      method: "POST",
      url: "/echo",
      headers: json,
      payload: JSON.stringify({ a: "x".repeat(2000) }),
    });
    expect([large.statusCode, large.json().code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const xml = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect([xml.statusCode, xml.json().code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const schema = await app.inject({ method: "POST", url: "/validated", headers: json, payload: "{}" });
    expect([schema.statusCode, schema.json().code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("takes an empty JSON body as none on a DELETE (clients send the header on every request), not on a POST", async () => {
    const app = build().app;
    const json = { "content-type": "application/json" };
    const deleted = await app.inject({ method: "DELETE", url: "/thing", headers: json });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { deleted: true, body: null }]);
    const empty = await app.inject({ method: "POST", url: "/echo", headers: json });
    expect([empty.statusCode, empty.json().code]).toEqual([400, "INVALID_JSON"]);
  });

  it("answers unknown routes with a 404 in the same body shape", async () => {
    const response = await build().app.inject({ url: "/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: "Route not found", code: "NOT_FOUND" });
  });
});
