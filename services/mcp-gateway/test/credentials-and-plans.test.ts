import { waitFor } from "@kurz/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestMcpGateway, type TestMcpGateway } from "./support/start-test-mcp-gateway";

type Gateway = TestMcpGateway;

/** What the tests read of a JSON-RPC answer. */
interface Answer {
  result: { tools: Array<{ name: string }>; isError?: boolean; content: Array<{ text: string }> };
  error: { message: string; data: Record<string, unknown> };
}

const HOUR = 60 * 60_000;
const PRO = { mcpRequestsPerMinute: 60, webhooks: false, abTests: true };
const BUSINESS = { ...PRO, webhooks: true };

/** A JWT-shaped token (the gateway reads a bearer only when it looks like one). */
const jwt = (name: string) => `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(name).toString("base64url")}.c2ln`;

function post(
  gateway: Gateway,
  credential: Record<string, string>,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return gateway.app.http.app.inject({
    method: "POST",
    url: "/mcp",
    headers: {
      host: "localhost:8080",
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      ...credential,
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

async function openSession(gateway: Gateway, credential: Record<string, string>): Promise<string> {
  const opened = await post(gateway, credential, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const id = String(opened.headers["mcp-session-id"]);
  const session = { "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
  await post(gateway, credential, { jsonrpc: "2.0", method: "notifications/initialized" }, session);
  return id;
}

async function inSession(
  gateway: Gateway,
  credential: Record<string, string>,
  sessionId: string,
  method: string,
  params: Record<string, unknown> = {},
) {
  const answer = await post(
    gateway,
    credential,
    { jsonrpc: "2.0", id: 1, method, params },
    { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
  );
  return { status: answer.statusCode, body: answer.json() as Answer };
}

const toolNames = (body: Answer) => body.result.tools.map((t) => t.name);

describe("mcp-gateway credentials, sessions and plans", () => {
  let gateway: Gateway;
  beforeEach(async () => {
    gateway = await startTestMcpGateway({ MCP_UNAUTHENTICATED_PER_MINUTE: 3 });
  });
  afterEach(async () => {
    await gateway.close();
  });

  const token = (name: string, accountId: string, scopes: string[], expiresInMs = HOUR) => {
    gateway.tokens.set(jwt(name), {
      accountId,
      userId: accountId,
      clientId: "agent",
      scopes: new Set(scopes),
      jti: name,
      expiresAt: new Date(gateway.clock.now().getTime() + expiresInMs),
    });
    return { authorization: `Bearer ${jwt(name)}` };
  };

  it("answers each request of a session for the token it carries: a refreshed token after the first one's hour, with its own scopes; another account's token finds no session", async () => {
    gateway.accounts.set("acct-1", PRO);
    gateway.accounts.set("acct-2", PRO);
    const first = token("first", "acct-1", ["shorturl:read"]);
    const sessionId = await openSession(gateway, first);
    expect(toolNames((await inSession(gateway, first, sessionId, "tools/list")).body)).not.toContain(
      "getUrlStats",
    );

    gateway.clock.advance(HOUR + 1);
    expect((await inSession(gateway, first, sessionId, "tools/list")).status).toBe(401);
    const refreshed = token("refreshed", "acct-1", ["shorturl:read", "analytics:read"]);
    const listed = await inSession(gateway, refreshed, sessionId, "tools/list");
    expect(listed.status).toBe(200);
    expect(toolNames(listed.body)).toContain("getUrlStats");

    // Answered directly and through the SDK's protocol (a `_meta` sends it there): both forward
    // the refreshed token, not the expired one.
    await inSession(gateway, refreshed, sessionId, "tools/call", {
      name: "getUrl",
      arguments: { shortCode: "abc" },
    });
    await inSession(gateway, refreshed, sessionId, "tools/call", {
      name: "getUrl",
      arguments: { shortCode: "abc" },
      _meta: { progressToken: 7 },
    });
    expect(gateway.state.toolCalls.map((call) => call.actor)).toEqual([
      { accessToken: jwt("refreshed") },
      { accessToken: jwt("refreshed") },
    ]);

    const stranger = token("stranger", "acct-2", ["shorturl:read"]);
    const refused = await inSession(gateway, stranger, sessionId, "tools/list");
    expect(refused.status).toBe(404);
    expect(refused.body.error.data).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers each message posted to an SSE session for the token it carries, after the opening token's hour", async () => {
    gateway.accounts.set("acct-1", PRO);
    gateway.accounts.set("acct-2", PRO);
    const first = token("sse-first", "acct-1", ["shorturl:read"]);
    const address = await gateway.app.http.app.listen({ host: "127.0.0.1", port: 0 });
    const aborter = new AbortController();
    const stream = await fetch(`${address}/mcp/sse`, {
      headers: { accept: "text/event-stream", ...first },
      signal: aborter.signal,
    });
    const reader = stream.body!.getReader();
    let events = "";
    while (!events.includes("\n\n")) events += new TextDecoder().decode((await reader.read()).value);
    const endpoint = /event: endpoint\ndata: (\S+)/.exec(events)?.[1] ?? "";
    const postAs = (credential: Record<string, string>, body: unknown) =>
      fetch(`${address}${endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...credential },
        body: JSON.stringify(body),
      });
    try {
      gateway.clock.advance(HOUR + 1);
      const refreshed = token("sse-refreshed", "acct-1", ["shorturl:read"]);
      const call = {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "getUrl", arguments: { shortCode: "abc" } },
      };
      expect((await postAs(first, call)).status).toBe(401);
      expect((await postAs(refreshed, call)).status).toBe(202);
      await waitFor(() => gateway.state.toolCalls.length === 1, "the posted tool call to reach the service");
      expect(gateway.state.toolCalls[0]?.actor).toEqual({ accessToken: jwt("sse-refreshed") });
      const stranger = token("sse-stranger", "acct-2", ["shorturl:read"]);
      expect((await postAs(stranger, call)).status).toBe(404);
    } finally {
      aborter.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  it("answers 503 DEPENDENCY_UNAVAILABLE (retryable) when an account's plan cannot be read, and keeps limiting with the last known plan", async () => {
    gateway.accounts.set("acct-1", { ...PRO, mcpRequestsPerMinute: 3 });
    const paying = token("paying", "acct-1", ["shorturl:read"]);
    gateway.keys.set("key-1", { keyId: "k1", accountId: "acct-1", permissions: ["mcp", "shorturl:read"] });
    const key = { "x-mcp-key": "key-1" };
    const list = (credential: Record<string, string>) =>
      gateway.app.http.app.inject({ url: "/mcp/tools", headers: { host: "localhost:8080", ...credential } });

    gateway.state.getAccountFails = true;
    for (const credential of [paying, key]) {
      const refused = await list(credential);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.data).toMatchObject({ code: "DEPENDENCY_UNAVAILABLE", retryable: true });
    }

    gateway.state.getAccountFails = false;
    expect((await list(key)).statusCode).toBe(200);
    gateway.state.getAccountFails = true;
    gateway.clock.advance(31_000);
    expect((await list(paying)).statusCode).toBe(200);
    // Three more are over 3 a minute whether or not the move started a new window.
    await list(key);
    await list(key);
    const limited = await list(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.data).toMatchObject({ code: "PLAN_LIMIT_EXCEEDED", details: { limit: 3 } });
  });

  it("refuses a batch larger than the plan's minute for good (not retryable, the limit in the message) without spending the minute", async () => {
    gateway.accounts.set("acct-1", PRO);
    gateway.keys.set("key-1", { keyId: "k1", accountId: "acct-1", permissions: ["mcp", "shorturl:read"] });
    const batch = Array.from({ length: 61 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" }));
    const refused = await post(gateway, { "x-mcp-key": "key-1" }, batch, { "mcp-session-id": "any" });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect(refused.json().error).toMatchObject({
      message: "A JSON-RPC batch of 61 messages is more than the plan's 60 MCP requests per minute",
      data: { code: "VALIDATION_ERROR", retryable: false, details: { limit: 60 } },
    });
    const fits = Array.from({ length: 60 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" }));
    const answered = await post(gateway, { "x-mcp-key": "key-1" }, fits, { "mcp-session-id": "any" });
    expect(answered.json().error.data.code).toBe("NOT_FOUND");
  });

  it("limits refused credentials per client address: 429 with Retry-After and no more verifications, other addresses untouched, admitted again after the window", async () => {
    gateway.accounts.set("acct-1", PRO);
    gateway.keys.set("key-1", { keyId: "k1", accountId: "acct-1", permissions: ["mcp", "shorturl:read"] });
    const from = (address: string, key: string) =>
      gateway.app.http.app.inject({
        url: "/mcp/tools",
        headers: { host: "localhost:8080", "x-forwarded-for": address, "x-mcp-key": key },
      });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.9", `wrong-${i}`)).statusCode).toBe(401);
    const calls = gateway.state.verifyApiKeyCalls;
    const limited = await from("203.0.113.9", "wrong-again");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.data).toMatchObject({ code: "RATE_LIMITED", retryable: true });
    expect(gateway.state.verifyApiKeyCalls).toBe(calls);
    expect((await from("198.51.100.4", "key-1")).statusCode).toBe(200);
    gateway.clock.advance(61_000);
    expect((await from("203.0.113.9", "key-1")).statusCode).toBe(200);
  });

  it("after a downgrade lists the housekeeping tools but not those that create or run what the plan lacks, which answer PLAN_REQUIRED", async () => {
    gateway.accounts.set("acct-1", BUSINESS);
    gateway.keys.set("key-1", {
      keyId: "k1",
      accountId: "acct-1",
      permissions: ["mcp", "shorturl:read", "webhook:read", "webhook:write", "abtest:read", "abtest:write"],
    });
    const key = { "x-mcp-key": "key-1" };
    const sessionId = await openSession(gateway, key);
    const onBusiness = toolNames((await inSession(gateway, key, sessionId, "tools/list")).body);
    expect(onBusiness).toEqual(expect.arrayContaining(["listWebhooks", "createWebhook", "testWebhook"]));

    gateway.accounts.set("acct-1", PRO);
    gateway.clock.advance(31_000);
    const listed = toolNames((await inSession(gateway, key, sessionId, "tools/list")).body);
    // Housekeeping stays whatever the plan: list, read, change (disabling), delete.
    expect(listed).toEqual(
      expect.arrayContaining([
        "getUrl",
        "listWebhooks",
        "updateWebhook",
        "deleteWebhook",
        "listWebhookDeliveries",
        // Pro includes A/B tests: every A/B test tool.
        "createAbTest",
        "startAbTest",
        "resumeAbTest",
      ]),
    );
    // What would create or run a webhook needs the plan's webhooks.
    expect(listed).not.toContain("createWebhook");
    expect(listed).not.toContain("testWebhook");

    const listing = await inSession(gateway, key, sessionId, "tools/call", {
      name: "listWebhooks",
      arguments: {},
    });
    expect(listing.body.result.isError).toBeFalsy();
    expect(JSON.parse(listing.body.result.content[0]?.text ?? "")).toMatchObject({ webhooks: [], total: 0 });
    expect(gateway.state.toolCalls.map((call) => call.method)).toEqual(["webhooks.listWebhooks"]);

    const created = await inSession(gateway, key, sessionId, "tools/call", {
      name: "createWebhook",
      arguments: { url: "https://hooks.example.com/kurz", event_types: ["link.created"] },
    });
    expect(created.body.result.isError).toBe(true);
    expect(JSON.parse(created.body.result.content[0]?.text ?? "")).toMatchObject({
      code: "PLAN_REQUIRED",
      retryable: false,
      details: { feature: "webhooks" },
    });
    // Refused by the gateway: the service was not called.
    expect(gateway.state.toolCalls.map((call) => call.method)).toEqual(["webhooks.listWebhooks"]);

    const plain = await gateway.app.http.app.inject({
      url: "/mcp/tools",
      headers: { host: "localhost:8080", ...key },
    });
    const plainNames = plain.json().tools.map((t: { name: string }) => t.name);
    expect(plainNames).toContain("listWebhooks");
    expect(plainNames).not.toContain("createWebhook");
  });

  it("hides the tools that create or run A/B tests on a plan without them, and keeps the others", async () => {
    gateway.accounts.set("acct-1", { mcpRequestsPerMinute: 60, webhooks: false, abTests: false });
    gateway.keys.set("key-1", {
      keyId: "k1",
      accountId: "acct-1",
      permissions: ["mcp", "abtest:read", "abtest:write"],
    });
    const key = { "x-mcp-key": "key-1" };
    const sessionId = await openSession(gateway, key);
    const listed = toolNames((await inSession(gateway, key, sessionId, "tools/list")).body);
    expect(listed).toEqual(
      expect.arrayContaining([
        "listAbTests",
        "getAbTest",
        "updateAbTest",
        "deleteAbTest",
        "pauseAbTest",
        "completeAbTest",
        "getAbTestAnalytics",
      ]),
    );
    for (const hidden of ["createAbTest", "startAbTest", "resumeAbTest"])
      expect(listed).not.toContain(hidden);
    const started = await inSession(gateway, key, sessionId, "tools/call", {
      name: "startAbTest",
      arguments: { id: "ab_1" },
    });
    expect(JSON.parse(started.body.result.content[0]?.text ?? "")).toMatchObject({
      code: "PLAN_REQUIRED",
      details: { feature: "ab_tests" },
    });
  });
});
