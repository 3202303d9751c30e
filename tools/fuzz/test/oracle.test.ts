import { describe, expect, it } from "vitest";
import type { FuzzAnswer, FuzzCase } from "../src/fuzz-case";
import { findStoredJunk } from "../src/oracle/find-stored-junk";
import { judgeAnswer } from "../src/oracle/judge-answer";

const apiCase: FuzzCase = {
  route: "GET /api/v1/urls",
  method: "GET",
  target: "/api/v1/urls",
  headers: {},
  sent: "",
};
const json = (status: number, body: unknown, ms = 5): FuzzAnswer => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: typeof body === "string" ? body : JSON.stringify(body),
  ms,
});
const kinds = (c: FuzzCase, a: FuzzAnswer) => judgeAnswer(c, a).map((f) => f.kind);

describe("the fuzzer's oracle (so the fuzz cannot pass by not looking)", () => {
  it("passes a clean 4xx in the Kurz error body, and a 2xx", () => {
    expect(kinds(apiCase, json(400, { success: false, error: "Invalid", code: "VALIDATION_ERROR" }))).toEqual(
      [],
    );
    expect(kinds(apiCase, json(200, { success: true, urls: [] }))).toEqual([]);
  });

  it("flags any 5xx, even in the right body", () => {
    expect(kinds(apiCase, json(500, { success: false, error: "Internal error", code: "INTERNAL" }))).toEqual([
      "5xx",
    ]);
    expect(kinds(apiCase, json(503, { success: false, error: "x", code: "DEPENDENCY_UNAVAILABLE" }))).toEqual(
      ["5xx"],
    );
  });

  it("flags an answer slower than 5 s and one that never came", () => {
    expect(kinds(apiCase, json(200, {}, 5_001))).toEqual(["hang"]);
    expect(kinds(apiCase, { status: 0, headers: {}, body: "", ms: 5_000, timedOut: true })).toEqual(["hang"]);
  });

  it("flags fastify's default error body and non-JSON errors where JSON is spoken", () => {
    const fastify = {
      statusCode: 400,
      code: "FST_ERR_VALIDATION",
      error: "Bad Request",
      message: "body must be object",
    };
    expect(kinds(apiCase, json(400, fastify))).toContain("bad error body");
    expect(
      kinds(apiCase, { status: 404, headers: { "content-type": "text/plain" }, body: "Not Found", ms: 1 }),
    ).toEqual(["bad error body"]);
    // OAuth's own error body is right on the OAuth endpoints, and only there.
    expect(kinds({ ...apiCase, oauth: true }, json(400, { error: "invalid_request" }))).toEqual([]);
    expect(kinds(apiCase, json(400, { error: "invalid_request" }))).toEqual(["bad error body"]);
    // Pages may answer HTML.
    const html = { status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not found</h1>", ms: 1 };
    expect(kinds({ ...apiCase, page: true }, html)).toEqual([]);
  });

  it("flags leaks: stack traces, SQL, file paths, internal error codes", () => {
    const leaks = [
      "Error: boom\n    at handler (/work/main/services/link-api/src/x.ts:10:5)",
      'syntax error at or near "DROP"',
      'invalid byte sequence for encoding "UTF8": 0x00',
      "SELECT * FROM links WHERE code = $1",
      "/app/node_modules/fastify/lib/reply.js",
      "URI malformed ERR_INVALID_URL",
      "UND_ERR_HEADERS_OVERFLOW",
    ];
    for (const text of leaks) {
      expect(
        kinds(apiCase, json(400, { success: false, error: text, code: "VALIDATION_ERROR" })),
        text,
      ).toContain("leak");
    }
  });

  it("flags stored junk: controls, lone surrogates, unsent U+FFFD, bad names, malformed URLs", () => {
    expect(findStoredJunk({ url: { name: "a\u0000b" } }, "")).toMatch(/control character/);
    expect(findStoredJunk({ name: "x\uD800" }, "")).toMatch(/lone surrogate/);
    expect(findStoredJunk({ name: "caf\uFFFD" }, "")).toMatch(/U\+FFFD/);
    expect(findStoredJunk({ name: "caf\uFFFD" }, "caf\uFFFD")).toBeUndefined();
    expect(findStoredJunk({ key: { name: "\u200b\u200b" } }, "")).toMatch(/shows nothing/);
    expect(findStoredJunk({ name: "Ad\u202Emin" }, "")).toMatch(/bidirectional/);
    expect(findStoredJunk({ name: "a\tb" }, "")).toMatch(/TAB/);
    expect(findStoredJunk({ name: " padded " }, "")).toMatch(/not trimmed/);
    expect(findStoredJunk({ expired_url: "https://example.com/%zz" }, "")).toMatch(/malformed/);
    expect(findStoredJunk({ url: { destinationUrl: "https://example.com/%zz" } }, "")).toMatch(/malformed/);
    // A tag is free text, even one that looks like a URL.
    expect(findStoredJunk({ tags: ["https://example.com/%zz"] }, "")).toBeUndefined();
    expect(
      findStoredJunk({ url: { name: "Spring sale", description: "two\nlines\tok" } }, ""),
    ).toBeUndefined();
  });

  it("holds MCP answers to JSON-RPC errors and tool errors to the MCP error body", () => {
    const mcpCase: FuzzCase = {
      ...apiCase,
      route: "MCP tools/call getUrl",
      method: "POST",
      target: "/mcp",
      mcp: true,
    };
    const kurzBody = {
      success: false,
      error: "Not found",
      code: "URL_NOT_FOUND",
      hint: "List links",
      retryable: false,
    };
    // A JSON-RPC error, bare (the SDK's own) or carrying the Kurz body, is a fine refusal.
    expect(
      kinds(
        mcpCase,
        json(400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
      ),
    ).toEqual([]);
    expect(
      kinds(
        mcpCase,
        json(401, { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "x", data: kurzBody } }),
      ),
    ).toEqual([]);
    // ... but not with something else in data, nor as a plain object.
    expect(
      kinds(
        mcpCase,
        json(401, { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "x", data: { oops: 1 } } }),
      ),
    ).toEqual(["bad error body"]);
    expect(kinds(mcpCase, json(400, { message: "bad" }))).toEqual(["bad error body"]);
    // A failed tool call must carry the MCP error body as its text.
    const toolResult = (text: string) => ({
      jsonrpc: "2.0",
      id: 1,
      result: { isError: true, content: [{ type: "text", text }] },
    });
    expect(kinds(mcpCase, json(200, toolResult(JSON.stringify(kurzBody))))).toEqual([]);
    expect(kinds(mcpCase, json(200, toolResult("MCP error -32602: Input validation error")))).toEqual([
      "bad error body",
    ]);
    expect(
      kinds(mcpCase, json(200, toolResult(JSON.stringify({ success: false, error: "x", code: "X" })))),
    ).toEqual(["bad error body"]);
  });
});
