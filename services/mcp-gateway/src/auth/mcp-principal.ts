import type { CallActor } from "@kurz/grpc";
import type { McpPlan } from "./mcp-plan";

/** Who an MCP request acts for: a verified API key or OAuth access token, and its account. */
export interface McpPrincipal {
  /** What the tools' gRPC calls carry: the key (exchanged at auth-server) or the user's token. */
  actor: CallActor;
  /**
   * Which credential it is (never a secret): the key's id, or `oauth:<client id>:<account id>`
   * for access tokens. Logs use it.
   */
  keyId: string;
  /** The account: a session answers only credentials of the account that opened it. */
  accountId: string;
  /** The key's permissions ("mcp" and OAuth scope names), or the token's scopes. */
  permissions: ReadonlySet<string>;
  /**
   * The account's plan as last read (its MCP rate, its features): a tool that creates or runs
   * what the plan lacks (createWebhook on Pro) is not listed and is PLAN_REQUIRED when called.
   * Absent: not read (tests).
   */
  plan?: McpPlan;
}
