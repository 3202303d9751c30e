import http from "node:http";

/** One Streamable HTTP session, spoken over plain keep-alive HTTP: what an agent's client sends. */
export interface McpSession {
  /** Sends one JSON-RPC request in the session and resolves with its `result`. */
  request(method: string, params: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

/** A session of 2025-06-18 (initialize, Mcp-Session-Id), or 2026-07-28's stateless requests. */
export type BenchRevision = "2025-06-18" | "2026-07-28";

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "mcp-bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * Opens a session on `gatewayUrl`'s /mcp: for 2025-06-18 initialize, then
 * notifications/initialized; for 2026-07-28 nothing (each request carries the revision's `_meta`
 * envelope and headers, no session id). A lean client, not the SDK's: the bench measures the
 * server, and the SDK client's own work (fetch, response validation) would take CPU from it on a
 * two-core machine.
 */
export async function openMcpSession(
  gatewayUrl: string,
  key: string,
  revision: BenchRevision = "2025-06-18",
): Promise<McpSession> {
  const modern = revision === "2026-07-28";
  const url = new URL("/mcp", gatewayUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sessionId: string | undefined;
  let nextId = 1;

  const post = (body: unknown, method = "POST", mcpMethod?: string, mcpName?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            accept: "application/json, text/event-stream",
            "x-mcp-key": key,
            "mcp-protocol-version": revision,
            ...(modern && mcpMethod ? { "mcp-method": mcpMethod } : {}),
            ...(modern && mcpName ? { "mcp-name": mcpName } : {}),
            ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
            ...(sessionId ? { "mcp-session-id": sessionId } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(payload);
    });

  const request = async (method: string, params: Record<string, unknown>) => {
    const id = nextId++;
    const answer = await post(
      { jsonrpc: "2.0", id, method, params: modern ? { ...params, _meta: MODERN_META } : params },
      "POST",
      method,
      typeof params.name === "string" ? params.name : undefined,
    );
    const message = answer.status === 200 ? JSON.parse(answer.text) : undefined;
    if (message?.result === undefined) throw new Error(`${method} answered ${answer.status}: ${answer.text}`);
    if (method === "initialize") sessionId = String(answer.headers["mcp-session-id"]);
    return message.result as unknown;
  };

  if (modern) return { request, close: async () => agent.destroy() };
  await request("initialize", {
    protocolVersion: revision,
    capabilities: {},
    clientInfo: { name: "mcp-bench", version: "1.0.0" },
  });
  const initialized = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  if (initialized.status !== 202) throw new Error(`notifications/initialized answered ${initialized.status}`);
  return {
    request,
    async close() {
      await post(undefined, "DELETE");
      agent.destroy();
    },
  };
}
