import type { GrpcServiceAccess } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";

/**
 * Who may call WorkspaceService: a call acting for an account (a person's forwarded access token,
 * or an API key's exchanged internal token) whose scopes grant the REST twin's scope. The role
 * each operation needs is checked by the operation, as for REST.
 */
export const WORKSPACE_SERVICE_ACCESS: GrpcServiceAccess<(typeof authV1.WorkspaceService)["method"]> = {
  listWorkspaces: { account: "account:read" },
  getWorkspace: { account: "account:read" },
  updateWorkspace: { account: "account:write" },
  listMembers: { account: "account:read" },
  updateMember: { account: "account:write" },
  removeMember: { account: "account:write" },
  createInvitation: { account: "account:write" },
  listInvitations: { account: "account:read" },
  revokeInvitation: { account: "account:write" },
  getAuditLog: { account: "account:read" },
};
