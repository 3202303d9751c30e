import type { Scope } from "./scopes";

/**
 * A person's role in a workspace, and an API key's ceiling there: the permission table of
 * docs/api/workspaces.md#roles. Each role may do everything the roles after it may.
 */
export const ROLES = ["owner", "admin", "member", "viewer"] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** What a workspace allows beyond its resources' scopes. */
export type WorkspaceAction =
  /** Rename the workspace. */
  | "update_workspace"
  /** Invite, change the role of and remove members (never above one's own role). */
  | "manage_members"
  /** Read and export the audit log. */
  | "read_audit_log"
  /** Move the workspace to another plan. */
  | "change_plan"
  /** Hand the owner role to another member. */
  | "transfer_ownership"
  | "delete_workspace";

const READ: readonly Scope[] = [
  "shorturl:read",
  "qrcode:read",
  "analytics:read",
  "campaign:read",
  "domain:read",
  "abtest:read",
  "webhook:read",
  "account:read",
];
const EDIT: readonly Scope[] = [
  "shorturl:create",
  "shorturl:update",
  "shorturl:delete",
  "qrcode:create",
  "qrcode:update",
  "qrcode:delete",
  "campaign:write",
  "abtest:write",
  "conversion:write",
];
const ADMINISTER: readonly Scope[] = ["domain:write", "webhook:write", "account:write"];

const SCOPES_OF: Record<Role, ReadonlySet<Scope>> = {
  viewer: new Set(READ),
  member: new Set([...READ, ...EDIT]),
  admin: new Set([...READ, ...EDIT, ...ADMINISTER]),
  owner: new Set([...READ, ...EDIT, ...ADMINISTER]),
};

const ACTIONS_OF: Record<Role, ReadonlySet<WorkspaceAction>> = {
  viewer: new Set(),
  member: new Set(),
  admin: new Set(["update_workspace", "manage_members", "read_audit_log"]),
  owner: new Set([
    "update_workspace",
    "manage_members",
    "read_audit_log",
    "change_plan",
    "transfer_ownership",
    "delete_workspace",
  ]),
};

/** Whether `role` may use what `scope` guards (a token's scope is checked as well, apart). */
export function roleAllowsScope(role: Role, scope: Scope): boolean {
  return SCOPES_OF[role].has(scope);
}

export function roleAllows(role: Role, action: WorkspaceAction): boolean {
  return ACTIONS_OF[role].has(action);
}

/** True when `role` ranks at least as high as `other` (owner > admin > member > viewer). */
export function roleAtLeast(role: Role, other: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(other);
}

/** The lower of two roles: what a key whose ceiling is `ceiling` may do for a `role`. */
export function lowerRole(a: Role, b: Role): Role {
  return roleAtLeast(a, b) ? b : a;
}

/** The lowest role whose permissions include `scope` (for the refusal's message). */
export function lowestRoleFor(scope: Scope): Role {
  for (const role of [...ROLES].reverse()) if (SCOPES_OF[role].has(scope)) return role;
  return "owner";
}

/** The lowest role allowed `action`. */
export function lowestRoleAllowing(action: WorkspaceAction): Role {
  for (const role of [...ROLES].reverse()) if (ACTIONS_OF[role].has(action)) return role;
  return "owner";
}
