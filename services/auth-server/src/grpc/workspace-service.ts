import { timestampDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import type { GrpcServiceImplementation } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import { assertAuditLogReader } from "../audit/assert-audit-log-reader";
import { cursorAfter, listAuditLog } from "../audit/list-audit-log";
import type { AuthContext } from "../auth-context";
import { createInvitation } from "../invitations/create-invitation";
import { listInvitations } from "../invitations/list-invitations";
import { revokeInvitation } from "../invitations/revoke-invitation";
import { changeMemberRole } from "../workspaces/change-member-role";
import { getActorWorkspaceOrThrow } from "../workspaces/find-actor-workspace";
import { listMembers } from "../workspaces/list-members";
import { listWorkspaces } from "../workspaces/list-workspaces";
import { removeMember } from "../workspaces/remove-member";
import { renameWorkspace } from "../workspaces/rename-workspace";
import { workspaceActorOfCall } from "./workspace-actor-of-call";
import {
  toProtoAuditEntry,
  toProtoInvitation,
  toProtoMember,
  toProtoWorkspace,
} from "./workspace-service-messages";

type WorkspaceServiceMethods = (typeof authV1.WorkspaceService)["method"];

const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 100;

/** A filter's instant as listAuditLog reads it (ISO 8601); one no Date can hold is refused. */
function iso(field: string, t: Parameters<typeof timestampDate>[0] | undefined): string | undefined {
  if (t === undefined) return undefined;
  const at = timestampDate(t);
  if (Number.isNaN(at.getTime())) {
    throw new AppError("VALIDATION_ERROR", {
      message: `${field} is out of range`,
      details: { fields: { [field]: "out of range" } },
    });
  }
  return at.toISOString();
}
const text = (value: string) => (value === "" ? undefined : value);

/**
 * gRPC WorkspaceService: the REST workspace, member, invitation and audit-log operations for the
 * person or API key a call acts for, in the workspace its token proves (workspace-actor-of-call).
 */
export function createWorkspaceServiceImplementation(
  ctx: AuthContext,
): GrpcServiceImplementation<WorkspaceServiceMethods> {
  return {
    async listWorkspaces(_request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      const workspaces =
        actor.type === "person"
          ? await listWorkspaces(ctx, actor.id)
          : [await getActorWorkspaceOrThrow(ctx, actor, workspaceId)];
      return { workspaces: workspaces.map(toProtoWorkspace) };
    },

    async getWorkspace(_request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      return { workspace: toProtoWorkspace(await getActorWorkspaceOrThrow(ctx, actor, workspaceId)) };
    },

    async updateWorkspace(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      return { workspace: toProtoWorkspace(await renameWorkspace(ctx, actor, workspaceId, request.name)) };
    },

    async listMembers(_request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      return { members: (await listMembers(ctx, actor, workspaceId)).map(toProtoMember) };
    },

    async updateMember(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      const changed = await changeMemberRole(ctx, actor, workspaceId, request.userId, request.role);
      return { userId: request.userId, role: changed.role, previousRole: changed.previousRole };
    },

    async removeMember(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      await removeMember(ctx, actor, workspaceId, request.userId);
      return {};
    },

    async createInvitation(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      const created = await createInvitation(ctx, actor, workspaceId, {
        email: request.email,
        role: request.role,
      });
      return { invitation: toProtoInvitation(created.invitation, created) };
    },

    async listInvitations(_request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      const rows = await listInvitations(ctx, actor, workspaceId);
      return { invitations: rows.map((row) => toProtoInvitation(row)) };
    },

    async revokeInvitation(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      await revokeInvitation(ctx, actor, workspaceId, request.id);
      return {};
    },

    async getAuditLog(request, context) {
      const { actor, workspaceId } = await workspaceActorOfCall(ctx, context);
      assertAuditLogReader((await getActorWorkspaceOrThrow(ctx, actor, workspaceId)).role);
      const limit = request.limit === 0 ? AUDIT_PAGE_DEFAULT : request.limit;
      if (limit < 1 || limit > AUDIT_PAGE_MAX) {
        throw new AppError("VALIDATION_ERROR", {
          message: `limit must be an integer from 1 to ${AUDIT_PAGE_MAX}`,
          details: { fields: { limit: `1 to ${AUDIT_PAGE_MAX}` } },
        });
      }
      const entries = await listAuditLog(ctx, {
        workspaceId,
        actor: text(request.actor),
        action: text(request.action),
        target: text(request.target),
        start: iso("start", request.start),
        end: iso("end", request.end),
        cursor: text(request.cursor),
        limit,
      });
      const last = entries.at(-1);
      return {
        entries: entries.map(toProtoAuditEntry),
        nextCursor: last && entries.length === limit ? cursorAfter(last) : "",
      };
    },
  };
}
