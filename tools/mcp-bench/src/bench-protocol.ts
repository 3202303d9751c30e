import type { BenchRevision } from "./open-mcp-session";

/** The server a loop's MCP calls go to. */
export type Via = "gateway" | "bare";

/** What the bench's parent tells its client process (bench-client.ts). */
export interface BenchTarget {
  /** Where a loop's MCP calls go: the gateway, or the bare HTTP → gRPC hop (bare-proxy-process.ts). */
  urls: Record<Via, string>;
  linkApiGrpcAddress: string;
  authServerHttpUrl: string;
  /** The gateway's service credential: the direct path calls link-api as the gateway does. */
  gatewaySecret: string;
}

/**
 * An account's MCP key and its link. Each phase of the bench calls as its own account: the
 * plan's MCP requests per minute (Enterprise: 1,200) are counted per account.
 */
export interface BenchAccount {
  key: string;
  shortCode: string;
}

export type BenchCommand =
  /** Opens `sessions` MCP sessions of a revision for the account (before a measurement, not timed). */
  | { kind: "open"; via: Via; account: BenchAccount; sessions: number; revision: BenchRevision }
  /**
   * `calls` calls in each of `sessions` loops: direct gRPC, or through the account's sessions;
   * back to back, or one every `paceMs` per loop (measure-calls.ts).
   */
  | { kind: "direct"; account: BenchAccount; sessions: number; calls: number; paceMs?: number }
  | { kind: "mcp"; via: Via; account: BenchAccount; sessions: number; calls: number; paceMs?: number }
  | { kind: "open-sse"; key: string; sessions: number }
  | { kind: "close" };

export type BenchReply = { ok: true; result: unknown } | { ok: false; error: string };
