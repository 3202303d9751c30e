import { accessTokenOf, ROLES, requireScope, type Scope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { auditActorOfToken } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import { changeMemberRole } from "../workspaces/change-member-role";
import { createWorkspace } from "../workspaces/create-workspace";
import { deleteWorkspace } from "../workspaces/delete-workspace";
import { getPersonWorkspaceOrThrow } from "../workspaces/find-person-workspace";
import { listMembers, type Member } from "../workspaces/list-members";
import { listWorkspaces, type PersonWorkspace } from "../workspaces/list-workspaces";
import { removeMember } from "../workspaces/remove-member";
import { renameWorkspace } from "../workspaces/rename-workspace";

const role = z.enum(ROLES).describe("owner, admin, member or viewer (docs/api/workspaces.md#roles)");
const workspaceSchema = z
  .object({
    id: z
      .string()
      .describe("The workspace id: every resource's account_id, and the Kurz-Workspace header's value"),
    name: z.string(),
    plan: z.string().describe("free, pro, business or enterprise"),
    role: role.describe("Your role in it"),
    created_at: z.string(),
  })
  .meta({ id: "Workspace" });
const memberSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    role,
    joined_at: z.string(),
  })
  .meta({ id: "WorkspaceMember" });
const workspaceParams = z.object({ id: z.string().describe("Workspace id") });
const memberParams = z.object({
  id: z.string().describe("Workspace id"),
  user_id: z.string().describe("The member's id"),
});
const nameBody = z.object({ name: z.string().min(1).max(100) });
const tags = ["Workspaces"];

const workspaceView = (workspace: PersonWorkspace) => ({
  id: workspace.id,
  name: workspace.name,
  plan: workspace.plan,
  role: workspace.role,
  created_at: workspace.createdAt.toISOString(),
});
const memberView = (member: Member) => ({
  user_id: member.userId,
  email: member.email,
  name: member.name,
  role: member.role,
  joined_at: member.joinedAt.toISOString(),
});
const fieldOf = (body: unknown, field: string): unknown =>
  body !== null && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
const actorOf = (request: FastifyRequest) => auditActorOfToken(request, accessTokenOf(request));

/**
 * REST: a person's workspaces and their members (docs/api/workspaces.md). These routes concern
 * the person, not the workspace a request acts in: the workspace is the one in the path, and each
 * operation checks the person's role there itself (FORBIDDEN for a non-member, the same for a
 * workspace that does not exist).
 */
export function registerWorkspaceApiRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  verifier: TokenVerifier,
): void {
  const guard = (scope: Scope) => requireScope(verifier, scope, { actsInWorkspace: false });

  app.get(
    "/api/v1/workspaces",
    {
      preHandler: guard("account:read"),
      schema: {
        tags,
        summary: "The workspaces you belong to, with your role in each",
        response: {
          200: z.object({ success: z.literal(true), workspaces: z.array(workspaceSchema) }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const workspaces = await listWorkspaces(ctx, accessTokenOf(request).userId);
      return noStore(reply).send({ success: true, workspaces: workspaces.map(workspaceView) });
    },
  );

  app.post(
    "/api/v1/workspaces",
    {
      preHandler: guard("account:write"),
      schema: {
        tags,
        summary: "Create a workspace (on the free plan; you are its owner)",
        body: nameBody,
        response: {
          201: z.object({ success: z.literal(true), workspace: workspaceSchema }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const workspace = await createWorkspace(
        ctx,
        accessTokenOf(request).userId,
        fieldOf(request.body, "name"),
        actorOf(request),
      );
      return noStore(reply)
        .code(201)
        .send({ success: true, workspace: workspaceView(workspace) });
    },
  );

  app.get(
    "/api/v1/workspaces/:id",
    {
      preHandler: guard("account:read"),
      schema: {
        tags,
        summary: "A workspace you belong to",
        params: workspaceParams,
        response: {
          200: z.object({ success: z.literal(true), workspace: workspaceSchema }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const workspace = await getPersonWorkspaceOrThrow(ctx, accessTokenOf(request).userId, id);
      return noStore(reply).send({ success: true, workspace: workspaceView(workspace) });
    },
  );

  app.patch(
    "/api/v1/workspaces/:id",
    {
      preHandler: guard("account:write"),
      schema: {
        tags,
        summary: "Rename a workspace (admins and owners)",
        params: workspaceParams,
        body: nameBody,
        response: {
          200: z.object({ success: z.literal(true), workspace: workspaceSchema }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const workspace = await renameWorkspace(ctx, actorOf(request), id, fieldOf(request.body, "name"));
      return noStore(reply).send({ success: true, workspace: workspaceView(workspace) });
    },
  );

  app.delete(
    "/api/v1/workspaces/:id",
    {
      preHandler: guard("account:write"),
      schema: {
        tags,
        summary: "Delete a workspace and everything in it (owners; not your own sign-up workspace)",
        params: workspaceParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(404, 409) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await deleteWorkspace(ctx, actorOf(request), id);
      return noStore(reply).send({ success: true });
    },
  );

  app.get(
    "/api/v1/workspaces/:id/members",
    {
      preHandler: guard("account:read"),
      schema: {
        tags,
        summary: "A workspace's members and their roles",
        params: workspaceParams,
        response: {
          200: z.object({ success: z.literal(true), members: z.array(memberSchema) }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const members = await listMembers(ctx, actorOf(request), id);
      return noStore(reply).send({ success: true, members: members.map(memberView) });
    },
  );

  app.patch(
    "/api/v1/workspaces/:id/members/:user_id",
    {
      preHandler: guard("account:write"),
      schema: {
        tags,
        summary: "Change a member's role (admins and owners; owners alone make owners)",
        params: memberParams,
        body: z.object({ role }),
        response: {
          200: z.object({
            success: z.literal(true),
            member: z.object({ user_id: z.string(), role, previous_role: role }),
          }),
          ...errorResponses(404, 409),
        },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id, user_id: userId } = request.params as { id: string; user_id: string };
      const changed = await changeMemberRole(
        ctx,
        actorOf(request),
        id,
        userId,
        fieldOf(request.body, "role"),
      );
      return noStore(reply).send({
        success: true,
        member: { user_id: userId, role: changed.role, previous_role: changed.previousRole },
      });
    },
  );

  app.delete(
    "/api/v1/workspaces/:id/members/:user_id",
    {
      preHandler: guard("account:write"),
      schema: {
        tags,
        summary: "Remove a member, or leave (your own id); the last owner cannot go",
        params: memberParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(404, 409) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id, user_id: userId } = request.params as { id: string; user_id: string };
      await removeMember(ctx, actorOf(request), id, userId);
      return noStore(reply).send({ success: true });
    },
  );
}
