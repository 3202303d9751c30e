import type { CallActor } from "@kurz/grpc";

/** Who an MCP request acts for: a verified API key or OAuth access token, and its account. */
export interface McpPrincipal {
  /** What the tools' gRPC calls carry: the key (exchanged at auth-server) or the user's token. */
  actor: CallActor;
  /**
   * Which credential opened a session (never a secret): the key's id, or
   * `oauth:<client id>:<account id>` for access tokens (a refreshed token keeps its sessions).
   * Logs, sessions and rate-limit buckets use it.
   */
  keyId: string;
  accountId: string;
  /** The key's permissions ("mcp" and OAuth scope names), or the token's scopes. */
  permissions: ReadonlySet<string>;
}
