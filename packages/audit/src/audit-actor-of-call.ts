import type { CallPrincipal } from "@kurz/grpc";
import type { AuditActor } from "./audit-actor";

/** The service that serves MCP: calls it makes for a session are the "mcp" surface. */
const MCP_GATEWAY = "mcp-gateway";

/** The person or API key behind a gRPC call, through MCP or another service's gRPC client. */
export function auditActorOfCall(principal: CallPrincipal): AuditActor | undefined {
  const actor = principal.actor;
  if (!actor) return undefined;
  return {
    type: actor.type,
    id: actor.id,
    surface: principal.service === MCP_GATEWAY ? "mcp" : "grpc",
    ...(actor.clientId ? { clientId: actor.clientId } : {}),
  };
}
