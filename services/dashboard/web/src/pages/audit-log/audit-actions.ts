/** The actions auth-server records (docs/api/workspaces.md#audit-log), in words. */
export const ACTION_LABELS: Record<string, string> = {
  "workspace.created": "created the workspace",
  "workspace.renamed": "renamed the workspace",
  "plan.changed": "changed the plan",
  "invitation.created": "invited someone",
  "invitation.revoked": "withdrew an invitation",
  "invitation.accepted": "accepted an invitation",
  "member.role_changed": "changed a member's role",
  "member.removed": "removed a member",
  "member.left": "left the workspace",
  "api_key.created": "created an API key",
  "api_key.revoked": "revoked an API key",
};

export const KNOWN_ACTIONS = Object.keys(ACTION_LABELS);

/** An action in words; one this page does not know yet as the API names it. */
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;
