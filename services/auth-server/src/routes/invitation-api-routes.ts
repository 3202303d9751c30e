import { accessTokenOf, ROLES, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { auditActorOfToken } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import { createInvitation } from "../invitations/create-invitation";
import { invitationView } from "../invitations/invitation-view";
import { listInvitations } from "../invitations/list-invitations";
import { revokeInvitation } from "../invitations/revoke-invitation";

const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    created_at: z.string(),
    expires_at: z.string(),
    accept_url: z.string().optional().describe("Only in the answer that created it: the link to pass on"),
    emailed: z.boolean().optional().describe("Only in the answer that created it: whether it was e-mailed"),
  })
  .meta({ id: "Invitation" });
const workspaceParams = z.object({ id: z.string().describe("Workspace id") });
const tags = ["Workspaces"];

const fieldOf = (body: unknown, field: string): unknown =>
  body !== null && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;

/**
 * REST: a workspace's invitations (docs/api/workspaces.md#invitations). Like the workspace routes,
 * they act in the workspace of the path and check the person's role there themselves.
 */
export function registerInvitationApiRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  verifier: TokenVerifier,
): void {
  app.post(
    "/api/v1/workspaces/:id/invitations",
    {
      preHandler: requireScope(verifier, "account:write", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "Invite someone by e-mail (admins and owners; e-mailed when SMTP is configured)",
        params: workspaceParams,
        body: z.object({ email: z.email(), role: z.enum(ROLES) }),
        response: {
          201: z.object({ success: z.literal(true), invitation: invitationSchema }),
          ...errorResponses(409),
        },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const created = await createInvitation(ctx, auditActorOfToken(request, accessTokenOf(request)), id, {
        email: fieldOf(request.body, "email"),
        role: fieldOf(request.body, "role"),
      });
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({
          success: true,
          invitation: invitationView(created.invitation, {
            acceptUrl: created.acceptUrl,
            emailed: created.emailed,
          }),
        });
    },
  );

  app.get(
    "/api/v1/workspaces/:id/invitations",
    {
      preHandler: requireScope(verifier, "account:read", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "A workspace's pending invitations",
        params: workspaceParams,
        response: {
          200: z.object({ success: z.literal(true), invitations: z.array(invitationSchema) }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const rows = await listInvitations(ctx, auditActorOfToken(request, accessTokenOf(request)), id);
      return reply
        .header("cache-control", "no-store")
        .send({ success: true, invitations: rows.map((row) => invitationView(row)) });
    },
  );

  app.delete(
    "/api/v1/workspaces/:id/invitations/:invitation_id",
    {
      preHandler: requireScope(verifier, "account:write", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "Withdraw a pending invitation (admins and owners)",
        params: z.object({ id: z.string().describe("Workspace id"), invitation_id: z.string() }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(404) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id, invitation_id: invitationId } = request.params as { id: string; invitation_id: string };
      await revokeInvitation(ctx, auditActorOfToken(request, accessTokenOf(request)), id, invitationId);
      return reply.header("cache-control", "no-store").send({ success: true });
    },
  );
}
