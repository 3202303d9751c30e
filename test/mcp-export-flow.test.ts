import { createMcpKey, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const SCOPE = "shorturl:read shorturl:create analytics:read account:read account:write";

/**
 * The exports through the edge, as a customer and an agent reach them: the REST link export,
 * the click export, and the MCP tool exportLinks (the real services, embedded).
 */
describe("exports end to end (REST through the edge, MCP exportLinks)", () => {
  let flow: FlowKurz;
  let token: string;
  let key: string;

  beforeAll(async () => {
    flow = await startFlowKurz("export-flow");
    const { kurz, dataDir, edgeUrl } = flow;
    const signedIn = await signInWithOAuth(edgeUrl, SCOPE, {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
          email,
          plan: "business",
        }),
    });
    token = signedIn.accessToken;
    key = await createMcpKey(edgeUrl, token, ["mcp", "shorturl:read"]);
  });

  afterAll(async () => {
    await flow?.stop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${flow.edgeUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    });

  it("exports the same links over REST and MCP, formula cells prefixed, filters applied", async () => {
    const names = ["=cmd()", 'Sale, "big"', "plain ü"];
    const codes: string[] = [];
    for (const [i, name] of names.entries()) {
      const response = await api("/api/v1/urls", {
        method: "POST",
        body: JSON.stringify({ url: `https://shop.example.com/${i}`, name, tags: i === 2 ? ["keep"] : [] }),
      });
      expect(response.status).toBe(201);
      codes.push(((await response.json()) as { url: { id: string } }).url.id);
    }

    const rest = await api("/api/v1/urls/export?format=csv");
    expect(rest.status).toBe(200);
    expect(rest.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const restRows: Record<string, string>[] = parse(await rest.text(), { columns: true });
    expect(restRows.map((r) => [r.code, r.name])).toEqual([
      [codes[0], "'=cmd()"],
      [codes[1], 'Sale, "big"'],
      [codes[2], "plain ü"],
    ]);

    const client = new Client({ name: "kurz-export-flow", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${flow.edgeUrl}/mcp`), {
        requestInit: { headers: { "x-mcp-key": key } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === "exportLinks");
      expect(tool?.annotations?.readOnlyHint).toBe(true);
      expect(tool?.outputSchema?.type).toBe("object");

      const all = await client.callTool({ name: "exportLinks", arguments: {} });
      expect(all.isError, JSON.stringify(all.content)).toBeFalsy();
      const result = all.structuredContent as Record<string, string | number | boolean>;
      expect(result).toMatchObject({ count: 3, total: 3, truncated: false });
      const mcpRows: Record<string, string>[] = parse(String(result.csv), { columns: true });
      expect(mcpRows.map((r) => [r.code, r.name, r.short_url])).toEqual(
        restRows.map((r) => [r.code, r.name, r.short_url]),
      );

      const tagged = await client.callTool({ name: "exportLinks", arguments: { tag: "keep" } });
      const taggedResult = tagged.structuredContent as { csv: string; restExport: string };
      const taggedRows: Record<string, string>[] = parse(taggedResult.csv, { columns: true });
      expect(taggedRows.map((r) => r.code)).toEqual([codes[2]]);
      expect(taggedResult.restExport).toBe("GET /api/v1/urls/export?format=csv&tag=keep");
    } finally {
      await client.close();
    }
  });

  it("streams the account's clicks through the edge, and refuses another account's link with 404", async () => {
    const clicks = await api("/api/v1/analytics/account/clicks/export?format=jsonl");
    expect(clicks.status).toBe(200);
    expect(clicks.headers.get("content-type")).toBe("application/x-ndjson");
    expect(await clicks.text()).toBe("");
    const foreign = await api("/api/v1/analytics/0190a000-0000-7000-8000-0000000000ff/clicks/export");
    expect(foreign.status).toBe(404);
  });
});
