import { AppError } from "@kurz/errors";
import type { Role } from "./roles";

/**
 * The refusal of a member whose role is too low: 403 FORBIDDEN, the role and the one needed in
 * `details` (docs/api/workspaces.md#roles). `doing` names what was refused ("renaming it").
 */
export function roleRefusal(role: Role, required: Role, doing = "this"): AppError {
  return new AppError("FORBIDDEN", {
    message: `Your role in this workspace (${role}) does not allow ${doing}: it needs ${required} or above`,
    details: { role, required_role: required },
  });
}

/**
 * The refusal of a person in a workspace they do not belong to: 403 FORBIDDEN, the same for a
 * workspace that does not exist (outsiders learn nothing of which ids exist).
 */
export function notMemberRefusal(workspaceId: string): AppError {
  return new AppError("FORBIDDEN", {
    message: "You are not a member of this workspace",
    details: { workspace_id: workspaceId },
  });
}
