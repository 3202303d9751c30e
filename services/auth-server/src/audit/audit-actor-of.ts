import { auditActorOfToken as actorOfToken } from "@kurz/audit";
import type { AccessToken } from "@kurz/auth-verifier";
import type { FastifyRequest } from "fastify";
import type { PersonActor } from "./audit-actor";

/** The person behind a REST request's token: through the dashboard or another OAuth client. */
export function auditActorOfToken(request: FastifyRequest, token: AccessToken): PersonActor {
  return actorOfToken(token, request.ip);
}

/** The signed-in person on auth-server's own pages (account, invitations). */
export function auditActorOfPage(request: FastifyRequest, personId: string): PersonActor {
  return { type: "person", id: personId, surface: "pages", clientAddress: request.ip };
}
