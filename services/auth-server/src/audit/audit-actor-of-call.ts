import { auditActorOfCall as actorOfPrincipal } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import type { GrpcCallContext } from "@kurz/grpc";
import type { AuditActor } from "./audit-actor";

/** A person or an API key as the audit log names them. */
export type CallAuditActor = AuditActor & { type: "person" | "api_key"; id: string };

/**
 * The person or API key behind a gRPC call, as @kurz/audit names every service's callers: surface
 * "mcp" when the MCP gateway calls for them, else "grpc"; a person with their OAuth client. No
 * client address: the call's peer is the calling service, not where the person is. FORBIDDEN for
 * a call that acts for nobody (a service's own token, an account token naming no key).
 */
export function auditActorOfCall(context: GrpcCallContext): CallAuditActor {
  const actor = context.principal ? actorOfPrincipal(context.principal) : undefined;
  if (!actor?.id || (actor.type !== "person" && actor.type !== "api_key")) {
    throw new AppError("FORBIDDEN", { message: "This method acts for a person or an API key" });
  }
  return {
    type: actor.type,
    id: actor.id,
    surface: actor.surface === "mcp" ? "mcp" : "grpc",
    ...(actor.clientId ? { clientId: actor.clientId } : {}),
  };
}
