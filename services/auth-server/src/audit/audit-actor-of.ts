import type { AccessToken } from "@kurz/auth-verifier";
import { DASHBOARD_CLIENT_ID } from "@kurz/service-runtime";
import type { FastifyRequest } from "fastify";
import type { PersonActor } from "./audit-actor";

/** The person behind a REST request's token: through the dashboard or another OAuth client. */
export function auditActorOfToken(request: FastifyRequest, token: AccessToken): PersonActor {
  return {
    type: "person",
    id: token.userId,
    surface: token.clientId === DASHBOARD_CLIENT_ID ? "dashboard" : "rest",
    clientId: token.clientId,
    clientAddress: request.ip,
  };
}

/** The signed-in person on auth-server's own pages (account, invitations). */
export function auditActorOfPage(request: FastifyRequest, personId: string): PersonActor {
  return { type: "person", id: personId, surface: "pages", clientAddress: request.ip };
}
