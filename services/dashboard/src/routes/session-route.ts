import type { FastifyInstance } from "fastify";
import type { DashboardContext } from "../dashboard-context";
import { currentSession } from "../session/current-session";

/**
 * GET /app/session: whether this browser is signed in, and the CSRF token its state-changing
 * calls carry. Never the tokens themselves: they stay on the server.
 */
export function registerSessionRoute(app: FastifyInstance, ctx: DashboardContext): void {
  app.get("/app/session", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const current = await currentSession(ctx, request);
    if (!current) return { signedIn: false, signInUrl: "/app/auth/login" };
    return {
      signedIn: true,
      csrfToken: current.session.csrfToken,
      scopes: current.session.scope.split(" ").filter(Boolean),
      signedInAt: new Date(current.session.createdAt).toISOString(),
    };
  });
}
