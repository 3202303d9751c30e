import type { McpPrincipal } from "../auth/mcp-principal";

/** The MCP methods Kurz answers itself (the SDK answers initialize, ping and server/discover). */
export type KurzMethod =
  | "tools/list"
  | "tools/call"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read"
  | "prompts/list"
  | "prompts/get"
  | "completion/complete";

/**
 * What a handler reads of a request: its params (the SDKs validate their shape first) and, in a
 * session, the principal of the credential the request carried (absent: the one the server was
 * built for).
 */
export interface KurzRequest<P> {
  params: P;
  principal?: McpPrincipal;
}

/**
 * Installs one of Kurz's request handlers on an SDK server. The handlers are written once and
 * installed on both the SDK v1 server (2024-11-05 … 2025-11-25, sessions: install-on-sdk-v1.ts)
 * and the SDK v2 server (2026-07-28, stateless: install-on-sdk-v2.ts), so the two protocol eras
 * cannot drift apart. Params are typed by each handler; the SDKs have validated them against the
 * method's schema before the handler runs.
 */
export type HandlerInstaller = <P>(
  method: KurzMethod,
  handler: (request: KurzRequest<P>) => Promise<object>,
) => void;
