/** Who an MCP request acts for: the verified API key and its account. */
export interface McpPrincipal {
  /** The secret as sent: gRPC calls exchange it at auth-server for the account's tokens. */
  apiKey: string;
  /** The key's id (never the secret): logs, sessions and rate-limit buckets. */
  keyId: string;
  accountId: string;
  planId: string;
  /** The key's permissions: "mcp" and the OAuth scope names it was created with. */
  permissions: ReadonlySet<string>;
}
