import { createMcpKey } from "@kurz/testing";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const LINK_SCOPES = ["shorturl:read", "shorturl:create", "shorturl:update", "shorturl:delete"];
const REVISION = "2026-07-28";

/**
 * The 2026-07-28 revision (stateless: no initialize, no session; `server/discover`; `ttlMs` and
 * `cacheScope` on lists) through the SDK v2's own client pinned to it, against every real
 * service in embedded mode — the same tools and errors as the earlier revisions' sessions.
 */
describe("MCP 2026-07-28 end to end (the SDK v2 client, real services)", () => {
  let flow: FlowKurz;
  let edgeUrl: string;
  let key: string;
  let readOnlyKey: string;

  const connect = async (mcpKey: string) => {
    const client = new Client(
      { name: "kurz-modern-test", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: REVISION } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
        requestInit: { headers: { "x-mcp-key": mcpKey } },
      }),
    );
    return client;
  };

  beforeAll(async () => {
    flow = await startFlowKurz("mcp-modern");
    ({ edgeUrl } = flow);
    const account = await signUpOnPlan(
      flow,
      [...LINK_SCOPES, "account:read", "account:write"].join(" "),
      "business",
    );
    key = await createMcpKey(edgeUrl, account.accessToken, ["mcp", ...LINK_SCOPES]);
    readOnlyKey = await createMcpKey(edgeUrl, account.accessToken, ["mcp", "shorturl:read"]);
  });

  afterAll(async () => {
    await flow?.stop();
  });

  it("negotiates 2026-07-28 with server/discover and lists the tools with cache hints", async () => {
    const client = await connect(key);
    expect(client.getNegotiatedProtocolVersion()).toBe(REVISION);
    expect(client.getServerVersion()?.name).toBe("kurz");
    const listed = await client.listTools();
    const names = listed.tools.map((tool) => tool.name);
    // The same tools, in the same order, as the sessions of the earlier revisions.
    expect(names.slice(0, 5)).toEqual(["shortenUrl", "listUrls", "getUrl", "updateUrl", "deleteUrl"]);
    const shortenUrl = listed.tools.find((tool) => tool.name === "shortenUrl");
    expect(shortenUrl?.outputSchema).toBeDefined();
    expect(shortenUrl?.annotations?.readOnlyHint).toBe(false);
    // The revision's cache fields: per credential (a read-only key lists fewer tools).
    expect(listed).toMatchObject({ ttlMs: 300_000, cacheScope: "private" });
    await client.close();
  });

  it("creates a link that redirects, reads it, deletes it (then it 404s)", async () => {
    const client = await connect(key);
    const created = await client.callTool({
      name: "shortenUrl",
      arguments: { url: "https://example.com/modern" },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const code = (created.structuredContent as { url: { id: string } }).url.id;
    expect(JSON.parse((created.content as Array<{ text: string }>)[0]!.text)).toEqual(
      created.structuredContent,
    );
    const visit = await fetch(`${edgeUrl}/${code}`, { redirect: "manual" });
    expect(visit.status).toBe(301); // not dynamic: a permanent redirect
    expect(visit.headers.get("location")).toBe("https://example.com/modern");

    const read = await client.callTool({ name: "getUrl", arguments: { shortCode: code } });
    expect(read.structuredContent).toMatchObject({
      url: { id: code, originalUrl: "https://example.com/modern" },
    });

    // completion/complete on the 2026-07-28 leg: the same suggestions as in a session.
    expect(client.getServerCapabilities()?.completions).toEqual({});
    const suggested = await client.complete({
      ref: { type: "ref/resource", uri: "kurz://links/{shortCode}" },
      argument: { name: "shortCode", value: code },
    });
    expect(suggested.completion.values).toEqual([code]);

    const deleted = await client.callTool({ name: "deleteUrl", arguments: { shortCode: code } });
    expect(deleted.isError, JSON.stringify(deleted.content)).toBeFalsy();
    expect((await fetch(`${edgeUrl}/${code}`, { redirect: "manual" })).status).toBe(404);
    await client.close();
  });

  it("answers a failed call with the MCP error body as a tool error, and a read-only key sees read tools only", async () => {
    const client = await connect(key);
    const missing = await client.callTool({ name: "getUrl", arguments: { shortCode: "nosuchcode1" } });
    expect(missing.isError).toBe(true);
    const body = JSON.parse((missing.content as Array<{ text: string }>)[0]!.text);
    expect(body).toMatchObject({ success: false, code: expect.stringMatching(/NOT_FOUND$/) });
    await client.close();

    const readOnly = await connect(readOnlyKey);
    const names = (await readOnly.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("getUrl");
    expect(names).not.toContain("shortenUrl");
    await readOnly.close();
  });

  it("refuses a malformed envelope with the MCP error body, the SDK's details beside it", async () => {
    const post = (meta: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${edgeUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "x-mcp-key": key,
          "mcp-protocol-version": REVISION,
          "mcp-method": "tools/list",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: meta } }),
      });
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": REVISION,
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const good = await post(envelope);
    expect(good.status).toBe(200);
    expect(((await good.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(5);

    const { "io.modelcontextprotocol/clientCapabilities": _, ...incomplete } = envelope;
    const missing = await post(incomplete);
    expect(missing.status).toBe(400);
    const refused = (await missing.json()) as {
      id: number;
      error: { code: number; data: Record<string, unknown> };
    };
    expect(refused.id).toBe(7);
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.data).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
      retryable: false,
      hint: expect.stringContaining("_meta"),
      envelope: { key: "io.modelcontextprotocol/clientCapabilities", problem: "missing" },
    });

    const mismatch = await post(envelope, { "mcp-protocol-version": "2025-11-25" });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      "VALIDATION_ERROR",
    );
  });

  it("refuses a 2026-07-28 request without x-mcp-key as every other one", async () => {
    const response = await fetch(`${edgeUrl}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": REVISION,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": REVISION } },
      }),
    });
    expect(response.status).toBe(401);
    const answer = (await response.json()) as { error: { data: { code: string } } };
    expect(answer.error.data.code).toBe("AUTHENTICATION_REQUIRED");
  });
});
