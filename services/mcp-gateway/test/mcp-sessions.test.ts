import { randomUUID } from "node:crypto";
import { TestClock } from "@kurz/clock";
import { waitFor } from "@kurz/testing";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { McpSessions, type McpSessionsOptions, type SessionEviction } from "../src/mcp/mcp-sessions";
import { SessionTransport } from "../src/mcp/session-transport";

const MINUTE = 60_000;

/** A replica's sessions on a clock the test moves, recording what it closes and why. */
function replica(options: Partial<McpSessionsOptions> = {}) {
  const clock = new TestClock({ frozen: true });
  const evicted: Array<{ id: string; reason: SessionEviction }> = [];
  const closed = new Set<string>();
  const sessions = new McpSessions({
    idleMs: 30 * MINUTE,
    maxPerAccount: 100,
    maxTotal: 10_000,
    clock,
    onEvicted: (id, _session, reason) => evicted.push({ id, reason }),
    ...options,
  });
  /** Opens a real session (the SDK's server on a session transport) of the account. */
  const open = async (id: string, accountId: string) => {
    const server = new Server({ name: "t", version: "1" }, { capabilities: {} });
    const transport = new SessionTransport(
      new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, enableJsonResponse: true }),
    );
    await server.connect(transport);
    server.onclose = () => closed.add(id);
    sessions.add(id, { kind: "streamable", transport, server, keyId: `key-${accountId}`, accountId });
  };
  return {
    sessions,
    open,
    evicted,
    closed,
    advance: (ms: number) => clock.advance(ms),
  };
}

describe("a replica's MCP sessions", () => {
  it("closes a Streamable HTTP session idle past the idle time, and keeps one used meanwhile", async () => {
    const r = replica();
    await r.open("quiet", "a");
    await r.open("busy", "a");
    r.advance(20 * MINUTE);
    expect(r.sessions.get("busy")).toBeDefined();
    r.advance(10 * MINUTE);
    expect(await r.sessions.sweep()).toBe(0);
    r.advance(1);
    expect(await r.sessions.sweep()).toBe(1);
    expect(r.sessions.get("quiet")).toBeUndefined();
    expect(r.closed).toEqual(new Set(["quiet"]));
    expect(r.evicted).toEqual([{ id: "quiet", reason: "idle" }]);
    r.advance(20 * MINUTE);
    expect(await r.sessions.sweep()).toBe(1);
    expect(r.sessions.size).toBe(0);
  });

  it("keeps an account within its bound by closing its least recently used session, not another account's", async () => {
    const r = replica({ maxPerAccount: 3 });
    await r.open("a1", "a");
    await r.open("b1", "b");
    await r.open("a2", "a");
    await r.open("a3", "a");
    r.sessions.get("a1");
    await r.open("a4", "a");
    // a1 was used after a2 was opened: a2 is the least recently used of the account.
    expect(r.evicted).toEqual([{ id: "a2", reason: "account_limit" }]);
    expect(r.sessions.get("a2")).toBeUndefined();
    await waitFor(() => r.closed.has("a2"), "the evicted session a2 to be closed");
    expect(r.sessions.countOf("a")).toBe(3);
    expect(r.sessions.countOf("b")).toBe(1);
    // A key opening sessions in a loop only ever turns over its own account's.
    for (let i = 0; i < 50; i++) await r.open(`loop${i}`, "a");
    expect(r.sessions.countOf("a")).toBe(3);
    expect(r.sessions.get("b1")).toBeDefined();
    expect(r.sessions.size).toBe(4);
  });

  it("keeps the replica within its bound by closing the least recently used session of any account", async () => {
    const r = replica({ maxTotal: 3 });
    await r.open("a1", "a");
    await r.open("b1", "b");
    await r.open("c1", "c");
    r.sessions.get("a1");
    await r.open("d1", "d");
    expect(r.evicted).toEqual([{ id: "b1", reason: "replica_limit" }]);
    expect(r.sessions.size).toBe(3);
    expect(r.sessions.countOf("b")).toBe(0);
    // An ended session frees its place: the next one closes nothing.
    r.sessions.remove("c1");
    await r.open("e1", "e");
    expect(r.evicted).toHaveLength(1);
  });

  it("closes every session at shutdown", async () => {
    const r = replica();
    await r.open("a1", "a");
    await r.open("b1", "b");
    await r.sessions.closeAll();
    expect(r.sessions.size).toBe(0);
    expect(r.sessions.countOf("a")).toBe(0);
    expect(r.closed).toEqual(new Set(["a1", "b1"]));
  });
});
