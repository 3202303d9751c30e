import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { authV1 } from "@kurz/proto";
import type { AuditEntry } from "../audit/list-audit-log";
import type { InvitationRow } from "../db/schema";
import type { Member } from "../workspaces/list-members";
import type { PersonWorkspace } from "../workspaces/list-workspaces";

/** Domain rows as WorkspaceService messages (the REST views' fields, proto-shaped). */
export function toProtoWorkspace(
  workspace: PersonWorkspace,
): MessageInitShape<typeof authV1.WorkspaceSchema> {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    role: workspace.role,
    createdAt: timestampFromDate(workspace.createdAt),
  };
}

export function toProtoMember(member: Member): MessageInitShape<typeof authV1.WorkspaceMemberSchema> {
  return {
    userId: member.userId,
    email: member.email,
    name: member.name,
    role: member.role,
    joinedAt: timestampFromDate(member.joinedAt),
  };
}

export function toProtoInvitation(
  row: InvitationRow,
  created: { acceptUrl: string; emailed: boolean } | undefined = undefined,
): MessageInitShape<typeof authV1.InvitationSchema> {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: timestampFromDate(row.createdAt),
    expiresAt: timestampFromDate(row.expiresAt),
    ...(created ? { acceptUrl: created.acceptUrl, emailed: created.emailed } : {}),
  };
}

export function toProtoAuditEntry(entry: AuditEntry): MessageInitShape<typeof authV1.AuditEntrySchema> {
  return {
    id: entry.id,
    occurredAt: timestampFromDate(entry.occurredAt),
    actor: {
      type: entry.actorType,
      id: entry.actorId ?? "",
      email: entry.actorEmail ?? "",
      clientId: entry.clientId ?? "",
      address: entry.clientAddress ?? "",
    },
    surface: entry.surface,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    changesJson: JSON.stringify(entry.changes),
  };
}
