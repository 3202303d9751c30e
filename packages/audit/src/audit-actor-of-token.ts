import type { AccessToken } from "@kurz/auth-verifier";
import { DASHBOARD_CLIENT_ID } from "@kurz/service-runtime";
import type { AuditActor } from "./audit-actor";

/** The person behind a REST request's token: through the dashboard or another OAuth client. */
export function auditActorOfToken(
  token: AccessToken,
  clientAddress: string,
): AuditActor & { type: "person"; id: string } {
  return {
    type: "person",
    id: token.userId,
    surface: token.clientId === DASHBOARD_CLIENT_ID ? "dashboard" : "rest",
    clientId: token.clientId,
    clientAddress,
  };
}
