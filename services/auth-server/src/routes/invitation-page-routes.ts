import { AppError } from "@kurz/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditActorOfPage } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import { acceptInvitation } from "../invitations/accept-invitation";
import { findInvitation } from "../invitations/find-invitation";
import { renderInvitationAcceptedPage, renderInvitationPage } from "../pages/invitation-pages";
import { roleOf } from "../workspaces/role-of";
import { chromeFor, currentAccount, formOf, sendPage } from "./page-support";

const secretOf = (request: FastifyRequest) => (request.params as { secret: string }).secret;
const pathOf = (secret: string) => `/auth/invitations/${encodeURIComponent(secret)}`;

/**
 * The page an invitation's link opens, and its form (docs/api/workspaces.md#invitations): log in
 * or sign up with the invited address (both come back here), then join.
 */
export function registerInvitationPageRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/auth/invitations/:secret", async (request, reply) => {
    const secret = secretOf(request);
    const [found, person] = await Promise.all([findInvitation(ctx, secret), currentAccount(ctx, request)]);
    const chrome = chromeFor(ctx, request, reply, person);
    // The person who used it, coming back (the answer to their Join was lost, or a bookmark):
    // they are in, and the page says so while they still are.
    if (found?.state === "accepted" && person && found.invitation.acceptedBy === person.id) {
      const role = await roleOf(ctx, person.id, found.invitation.workspaceId);
      if (role) return sendPage(reply, renderInvitationAcceptedPage(chrome, found.workspaceName, role));
    }
    const status = found ? (found.state === "pending" ? 200 : 410) : 404;
    return sendPage(
      reply,
      renderInvitationPage(chrome, { found, path: pathOf(secret), csrfToken: chrome.csrfToken, person }),
      status,
    );
  });

  app.post("/auth/invitations/:secret/accept", async (request, reply) => {
    const secret = secretOf(request);
    const person = await currentAccount(ctx, request);
    const chrome = chromeFor(ctx, request, reply, person);
    const again = async (error: string, status: number) =>
      sendPage(
        reply,
        renderInvitationPage(chrome, {
          found: await findInvitation(ctx, secret),
          path: pathOf(secret),
          csrfToken: chrome.csrfToken,
          person,
          error,
        }),
        status,
      );
    if (!person) return again("Log in first.", 401);
    if (!ctx.csrf.verify(request, formOf(request).get("csrf_token"))) {
      return again("This form expired. Please try again.", 403);
    }
    try {
      const joined = await acceptInvitation(ctx, person, secret, auditActorOfPage(request, person.id));
      const found = await findInvitation(ctx, secret);
      return sendPage(reply, renderInvitationAcceptedPage(chrome, found?.workspaceName ?? "", joined.role));
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      return again(error.message, error.httpStatus);
    }
  });
}
