import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import { auditActorOfToken } from "./audit-actor-of-token";
import { runAsAuditActor } from "./audit-actor-scope";

/**
 * Runs every route handler registered after this as the person of its verified token (set by
 * requireScope before the handler), so the changes it makes are recorded under them. Call it
 * right after creating the app, before any route.
 */
export function scopeAuditActors(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function inActorScope(request, reply) {
      const token = request.accessToken;
      if (!token) return handler.call(this, request, reply);
      return runAsAuditActor(auditActorOfToken(token, request.ip), () => handler.call(this, request, reply));
    };
  });
}
