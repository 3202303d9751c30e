import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** The key that opened the session: every later request of the session must present it. */
  keyId: string;
  lastSeenMs: number;
}

/**
 * The Streamable HTTP sessions of this replica (`Mcp-Session-Id`). A session lives in the
 * replica that created it (the ingress keeps a client on one replica by the header); an idle one
 * is closed after `idleMs`, and DELETE /mcp ends one at once.
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

  add(id: string, session: McpSession): void {
    this.sessions.set(id, session);
  }

  get(id: string): McpSession | undefined {
    const session = this.sessions.get(id);
    if (session !== undefined) session.lastSeenMs = this.now();
    return session;
  }

  remove(id: string): void {
    this.sessions.delete(id);
  }

  /** Closes the sessions idle for longer than idleMs; returns how many. */
  async sweep(): Promise<number> {
    const cutoff = this.now() - this.idleMs;
    const idle = [...this.sessions.entries()].filter(([, session]) => session.lastSeenMs < cutoff);
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
