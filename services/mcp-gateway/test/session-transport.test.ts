import { randomUUID } from "node:crypto";
import { waitFor } from "@kurz/testing";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { SessionTransport } from "../src/mcp/session-transport";

/**
 * The direct path of a session's transport must answer exactly as the SDK's transport would:
 * every request here is sent both ways (a test header sends it to the SDK's transport) and the
 * two answers compared; what the direct path must leave to the SDK is checked one by one.
 */
interface Harness {
  url: string;
  session: () => SessionTransport;
  /** Resolves the pending `slow` tool call. */
  release: () => void;
  /** Requests the route has been handed so far. */
  received: () => number;
  app: FastifyInstance;
}

const HEADERS = {
  accept: "application/json, text/event-stream",
  "content-type": "application/json",
  "mcp-protocol-version": "2025-06-18",
};

async function startHarness(): Promise<Harness> {
  let session: SessionTransport | undefined;
  let release = () => {};
  let received = 0;
  const app = Fastify();
  app.post("/mcp", async (request, reply) => {
    received++;
    if (session === undefined) {
      const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [{ name: "echo", inputSchema: { type: "object" } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (call) => {
        if (call.params.name === "slow") await new Promise<void>((resolve) => (release = resolve));
        if (call.params.name === "fail") throw new Error("it failed");
        return { content: [{ type: "text", text: JSON.stringify(call.params.arguments ?? {}) }] };
      });
      const sdk = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: true,
      });
      session = new SessionTransport(sdk);
      await server.connect(session);
      reply.hijack();
      return sdk.handleRequest(request.raw, reply.raw, request.body);
    }
    const direct =
      request.headers["x-via"] === "sdk" ? undefined : session.directRequest(request.raw, request.body);
    if (direct !== undefined) {
      const answer = await session.answer(direct, request.raw);
      return reply
        .header("mcp-session-id", session.sessionId)
        .header("content-type", "application/json")
        .send(Buffer.from(JSON.stringify(answer)));
    }
    reply.hijack();
    return session.sdk.handleRequest(request.raw, reply.raw, request.body);
  });
  const url = `${await app.listen({ port: 0, host: "127.0.0.1" })}/mcp`;
  return { url, session: () => session!, release: () => release(), received: () => received, app };
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.session().close();
  await harness?.app.close();
  harness = undefined;
});

async function openSession(): Promise<{ h: Harness; sessionId: string }> {
  harness = await startHarness();
  const init = await fetch(harness.url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } },
    }),
  });
  expect(init.status).toBe(200);
  const sessionId = init.headers.get("mcp-session-id") ?? "";
  await fetch(harness.url, {
    method: "POST",
    headers: { ...HEADERS, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  return { h: harness, sessionId };
}

async function post(h: Harness, headers: Record<string, string>, body: unknown) {
  const answer = await fetch(h.url, { method: "POST", headers, body: JSON.stringify(body) });
  return {
    status: answer.status,
    type: answer.headers.get("content-type"),
    session: answer.headers.get("mcp-session-id"),
    body: await answer.json(),
  };
}

/** A session with a `slow` tool call of `id` in flight, held until the harness releases it. */
async function slowCallInFlight(id: number) {
  const { h, sessionId } = await openSession();
  const headers = { ...HEADERS, "mcp-session-id": sessionId };
  const slow = { jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow" } };
  const pending = post(h, headers, slow);
  // Until its answer, the same id is not taken by the direct path again.
  await waitFor(() => h.session().directRequest({ method: "POST", headers }, slow), {
    until: (answer) => answer === undefined,
    what: "the direct path to refuse the id of the call in flight",
  });
  return { h, headers, slow, pending };
}

describe("a session's transport: the direct path answers as the SDK's transport does", () => {
  it("gives the same answer both ways for results, tool errors, protocol errors, string ids and ping", async () => {
    const { h, sessionId } = await openSession();
    const headers = { ...HEADERS, "mcp-session-id": sessionId };
    const requests = [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        jsonrpc: "2.0",
        id: "abc",
        method: "tools/call",
        params: { name: "echo", arguments: { a: [1, "ü"] } },
      },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "fail" } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { wrong: true } },
      { jsonrpc: "2.0", id: 4, method: "no/such/method" },
      { jsonrpc: "2.0", id: 5, method: "ping" },
      { jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "echo", _meta: { progressToken: 7 } } },
    ];
    for (const request of requests) {
      expect(h.session().directRequest({ method: "POST", headers }, request)).toBeDefined();
      const direct = await post(h, headers, request);
      const viaSdk = await post(h, { ...headers, "x-via": "sdk" }, request);
      expect(direct, JSON.stringify(request)).toEqual(viaSdk);
      expect(direct.status).toBe(200);
      expect(direct.session).toBe(sessionId);
    }
  });

  it("answers 200 concurrent requests of one session each with its own result", async () => {
    const { h, sessionId } = await openSession();
    const headers = { ...HEADERS, "mcp-session-id": sessionId };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(h, headers, {
          jsonrpc: "2.0",
          id: i % 2 === 0 ? i : `s${i}`,
          method: "tools/call",
          params: { name: "echo", arguments: { i } },
        }),
      ),
    );
    answers.forEach((answer, i) => {
      const body = answer.body as { id: unknown; result: { content: Array<{ text: string }> } };
      expect(body.id).toBe(i % 2 === 0 ? i : `s${i}`);
      expect(JSON.parse(body.result.content[0]!.text)).toEqual({ i });
    });
  });

  it("answers a request whose id is already in flight (a client's mistake) through the SDK, and both get an answer", async () => {
    const { h, headers, pending: first } = await slowCallInFlight(7);
    const before = h.received();
    const second = post(h, headers, { jsonrpc: "2.0", id: 7, method: "ping" });
    // The second request is in the route while the first is held: only then is it released.
    await waitFor(() => h.received(), {
      until: (count) => count > before,
      what: "the second request to arrive",
    });
    h.release();

    const answers = await Promise.all([first, second]);
    for (const answer of answers) expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: 7 });
  });

  it("leaves to the SDK's transport every request it would refuse or that is not one request", async () => {
    const { h, sessionId } = await openSession();
    const headers = { ...HEADERS, "mcp-session-id": sessionId };
    const call = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "echo" } };
    const taken = (body: unknown, changed: Record<string, string | undefined> = {}, method = "POST") => {
      const sent = Object.fromEntries(
        Object.entries({ ...headers, ...changed }).filter(([, value]) => value !== undefined),
      );
      return h.session().directRequest({ method, headers: sent }, body) !== undefined;
    };
    expect(taken(call)).toBe(true);
    expect(taken(call, {}, "GET")).toBe(false);
    expect(taken([call])).toBe(false);
    expect(taken({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })).toBe(
      false,
    );
    expect(taken({ jsonrpc: "2.0", id: 1, result: {} })).toBe(false);
    expect(taken({ ...call, method: "initialize" })).toBe(false);
    expect(taken({ ...call, jsonrpc: "1.0" })).toBe(false);
    expect(taken({ ...call, id: null })).toBe(false);
    // What the SDK's strict request schema refuses, whether checked by hand or by the schema.
    expect(taken({ ...call, id: 1.5 })).toBe(false);
    expect(taken({ ...call, extra: 1 })).toBe(false);
    expect(taken({ ...call, params: [1] })).toBe(false);
    expect(taken({ ...call, params: null })).toBe(false);
    expect(taken({ ...call, method: 7 })).toBe(false);
    expect(taken({ ...call, params: { name: "echo", _meta: { progressToken: "t" } } })).toBe(true);
    expect(taken({ ...call, params: { name: "echo", _meta: { progressToken: null } } })).toBe(false);
    expect(taken({ jsonrpc: "2.0", id: "x", method: "ping" })).toBe(true);
    expect(taken(call, { "mcp-session-id": "another" })).toBe(false);
    expect(taken(call, { "mcp-session-id": undefined })).toBe(false);
    expect(taken(call, { "mcp-protocol-version": "2099-01-01" })).toBe(false);
    expect(taken(call, { "mcp-protocol-version": undefined })).toBe(true);
    expect(taken(call, { accept: "application/json" })).toBe(false);
    expect(taken(call, { "content-type": "application/json; charset=utf-8" })).toBe(true);
    expect(taken(call, { "content-type": "application/json-seq" })).toBe(false);
    // And those answers come from the SDK, as before: 400 for the unsupported revision, 406.
    expect((await post(h, { ...headers, "mcp-protocol-version": "2099-01-01" }, call)).status).toBe(400);
    expect((await post(h, { ...headers, accept: "application/json" }, call)).status).toBe(406);
    expect((await post(h, headers, [call])).status).toBe(200);
  });

  it("answers a request in flight when its session closes, and takes no second request with the same id meanwhile", async () => {
    const { h, headers, slow, pending } = await slowCallInFlight(42);

    await h.session().close();

    expect((await pending).body).toEqual({
      jsonrpc: "2.0",
      id: 42,
      error: { code: -32001, message: "Session closed" },
    });
    expect(h.session().directRequest({ method: "POST", headers }, slow)).toBeUndefined();
  });
});
