import type { Clock } from "@kurz/clock";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import type { SessionTransport } from "./session-transport";

interface SessionCommon {
  server: Server;
  /** The credential that opened the session (for logs). */
  keyId: string;
  /**
   * The account that opened it: every later request must carry a credential of this account
   * (answered for that credential), and its sessions are bounded together (maxPerAccount).
   */
  accountId: string;
}

/**
 * A session of either transport: Streamable HTTP (`Mcp-Session-Id`, 2025-03-26 on) or the
 * 2024-11-05 HTTP+SSE transport (`GET /mcp/sse`, messages posted with `?sessionId=`).
 */
export type OpenedSession =
  | (SessionCommon & { kind: "streamable"; transport: SessionTransport })
  | (SessionCommon & { kind: "sse"; transport: SSEServerTransport });

export type McpSession = OpenedSession & { lastSeenMs: number };

/** Why a session was closed by the replica rather than by its client. */
export type SessionEviction = "idle" | "account_limit" | "replica_limit";

export interface McpSessionsOptions {
  /** A Streamable HTTP session idle this long is closed by sweep(). */
  idleMs: number;
  /** Sessions one account may hold open on this replica; one more closes its least recently used. */
  maxPerAccount: number;
  /** Sessions this replica holds in all; one more closes the least recently used of any account. */
  maxTotal: number;
  /** Idle time is a duration: read on the clock's monotonic scale (tests move it). */
  clock: Clock;
  /** Told of every session the replica closes (for a log line). */
  onEvicted?: (id: string, session: McpSession, reason: SessionEviction) => void;
}

/**
 * The MCP sessions of this replica. A session lives in the replica that created it (the ingress
 * keeps a client on one replica by the header or the query parameter). An idle Streamable HTTP
 * session is closed after `idleMs`, and DELETE /mcp ends one at once; an SSE session lasts as
 * long as its stream (the client closing it, or the connection dropping, ends it).
 *
 * Sessions cost memory (≈ 36 KiB each, the README's Bench) and clients often never end them, so
 * their number is bounded: per account (one key opening sessions in a loop fills only its own
 * account's room) and per replica. The one over a bound closes the least recently used session —
 * of the account, or of the replica — rather than refusing the new one: a client whose session
 * was closed gets 404 on its next request and opens a new one, as the specification tells it to.
 */
export class McpSessions {
  /** Every session, least recently used first (get() moves a session to the end). */
  private readonly sessions = new Map<string, McpSession>();
  /** Each account's session ids, least recently used first. */
  private readonly byAccount = new Map<string, Set<string>>();

  constructor(private readonly options: McpSessionsOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions the account holds open on this replica. */
  countOf(accountId: string): number {
    return this.byAccount.get(accountId)?.size ?? 0;
  }

  add(id: string, session: OpenedSession): void {
    this.remove(id);
    this.sessions.set(id, { ...session, lastSeenMs: this.options.clock.monotonicMs() });
    const ids = this.byAccount.get(session.accountId) ?? new Set<string>();
    ids.add(id);
    this.byAccount.set(session.accountId, ids);
    while (ids.size > this.options.maxPerAccount) this.evict(ids.values().next().value!, "account_limit");
    while (this.sessions.size > this.options.maxTotal) {
      this.evict(this.sessions.keys().next().value!, "replica_limit");
    }
  }

  get(id: string): McpSession | undefined {
    const session = this.sessions.get(id);
    if (session === undefined) return undefined;
    session.lastSeenMs = this.options.clock.monotonicMs();
    // Most recently used last, in both orders.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    const ids = this.byAccount.get(session.accountId);
    ids?.delete(id);
    ids?.add(id);
    return session;
  }

  remove(id: string): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    const ids = this.byAccount.get(session.accountId);
    ids?.delete(id);
    if (ids?.size === 0) this.byAccount.delete(session.accountId);
  }

  /** Closes the Streamable HTTP sessions idle for longer than idleMs; returns how many. */
  async sweep(): Promise<number> {
    const cutoff = this.options.clock.monotonicMs() - this.options.idleMs;
    const idle = [...this.sessions.entries()].filter(
      ([, session]) => session.kind === "streamable" && session.lastSeenMs < cutoff,
    );
    await Promise.all(idle.map(([id]) => this.evict(id, "idle")));
    return idle.length;
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    this.byAccount.clear();
    await Promise.all(all.map((session) => session.transport.close().catch(() => undefined)));
  }

  /** Forgets the session at once and closes it (its stream ends, requests in flight are answered). */
  private evict(id: string, reason: SessionEviction): Promise<void> {
    const session = this.sessions.get(id);
    if (session === undefined) return Promise.resolve();
    this.remove(id);
    this.options.onEvicted?.(id, session, reason);
    return session.transport.close().catch(() => undefined);
  }
}
