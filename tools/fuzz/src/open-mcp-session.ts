import type { FuzzTarget } from "./fuzz-target";

/**
 * An MCP session as any client opens one (an API key with the MCP permission and every scope
 * of the account's token; initialize, then `notifications/initialized`), and the tools the key
 * sees: the MCP surface fuzzes each tool's calls inside this session.
 */
export async function openMcpSession(
  base: string,
  token: string,
  scopes: string[],
): Promise<FuzzTarget["mcp"]> {
  const keyResponse = await fetch(`${base}/api/v1/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Fuzz agent", permissions: ["mcp", ...scopes] }),
  });
  const created = (await keyResponse.json()) as { api_key?: { key?: string } };
  const key = created.api_key?.key;
  if (keyResponse.status !== 201 || key === undefined) {
    throw new Error(
      `creating the MCP key answered ${keyResponse.status}: ${JSON.stringify(created).slice(0, 300)}`,
    );
  }
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "x-mcp-key": key,
  };
  const init = await fetch(`${base}/mcp`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "kurz-fuzz", version: "1" },
      },
    }),
  });
  const sessionId = init.headers.get("mcp-session-id");
  await init.text();
  if (init.status !== 200 || sessionId === null) throw new Error(`MCP initialize answered ${init.status}`);
  await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { ...headers, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  }).then((r) => r.text());
  const listed = await fetch(`${base}/mcp/tools`, { headers: { "x-mcp-key": key } });
  const { tools } = (await listed.json()) as FuzzTarget["mcp"];
  return { key, sessionId, tools };
}
