import type { components } from "../api/schema.generated";

/** A workspace the person belongs to, with their role in it. */
export type Workspace = components["schemas"]["Workspace"];

export type Role = Workspace["role"];

/** Highest first: each role may do everything the ones after it may (docs/api/workspaces.md#roles). */
export const ROLES: readonly Role[] = ["owner", "admin", "member", "viewer"];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** Whether `role` ranks at least as high as `other`. */
export const roleAtLeast = (role: Role, other: Role): boolean => ROLES.indexOf(role) <= ROLES.indexOf(other);

/** Admins and owners rename the workspace and invite, change and remove members. */
export const managesMembers = (role: Role): boolean => roleAtLeast(role, "admin");
