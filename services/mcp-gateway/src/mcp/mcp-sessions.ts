import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import type { SessionTransport } from "./session-transport";

interface SessionCommon {
  server: Server;
  /** The key that opened the session: every later request of the session must present it. */
  keyId: string;
}

/**
 * A session of either transport: Streamable HTTP (`Mcp-Session-Id`, 2025-03-26 on) or the
 * 2024-11-05 HTTP+SSE transport (`GET /mcp/sse`, messages posted with `?sessionId=`).
 */
export type OpenedSession =
  | (SessionCommon & { kind: "streamable"; transport: SessionTransport })
  | (SessionCommon & { kind: "sse"; transport: SSEServerTransport });

export type McpSession = OpenedSession & { lastSeenMs: number };

/**
 * The MCP sessions of this replica. A session lives in the replica that created it (the ingress
 * keeps a client on one replica by the header or the query parameter). An idle Streamable HTTP
 * session is closed after `idleMs`, and DELETE /mcp ends one at once; an SSE session lasts as
 * long as its stream (the client closing it, or the connection dropping, ends it).
 */
export class McpSessions {
  private readonly sessions = new Map<string, McpSession>();

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  add(id: string, session: OpenedSession): void {
    this.sessions.set(id, { ...session, lastSeenMs: this.now() });
  }

  get(id: string): McpSession | undefined {
    const session = this.sessions.get(id);
    if (session !== undefined) session.lastSeenMs = this.now();
    return session;
  }

  remove(id: string): void {
    this.sessions.delete(id);
  }

  /** Closes the Streamable HTTP sessions idle for longer than idleMs; returns how many. */
  async sweep(): Promise<number> {
    const cutoff = this.now() - this.idleMs;
    const idle = [...this.sessions.entries()].filter(
      ([, session]) => session.kind === "streamable" && session.lastSeenMs < cutoff,
    );
    for (const [id, session] of idle) {
      this.sessions.delete(id);
      await session.transport.close().catch(() => undefined);
    }
    return idle.length;
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((session) => session.transport.close().catch(() => undefined)));
  }
}
