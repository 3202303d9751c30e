import type { ToolDefinition } from "../tool-definition";
import { getAuditLog } from "./get-audit-log";
import { inviteMember } from "./invite-member";
import { listInvitations } from "./list-invitations";
import { listMembers } from "./list-members";
import { listWorkspaces } from "./list-workspaces";
import { removeMember } from "./remove-member";
import { revokeInvitation } from "./revoke-invitation";
import { updateMemberRole } from "./update-member-role";

/**
 * The workspace tools (auth-server's WorkspaceService), served last (docs/api/mcp.md#workspace-tools):
 * they act in the workspace of the key or token, with its role (a key's: its role ceiling).
 */
export const WORKSPACE_TOOLS = [
  listWorkspaces,
  listMembers,
  updateMemberRole,
  removeMember,
  inviteMember,
  listInvitations,
  revokeInvitation,
  getAuditLog,
] as unknown as readonly ToolDefinition[];
