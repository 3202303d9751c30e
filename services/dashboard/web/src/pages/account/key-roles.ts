import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { ROLES, type Role, roleAtLeast } from "../../components/workspace";

/** What a key with each role may do at most, in the words of docs/api/workspaces.md#roles. */
const ALLOWS: Record<Role, string> = {
  viewer: "viewers read",
  member: "members also create and edit links, QR codes, campaigns and A/B tests",
  admin: "admins also domains, webhooks, keys and members",
  owner: "owners everything",
};

/** The roles a key may be given: the person's own and those below it, highest first. */
export const keyRolesUpTo = (own: Role): Role[] => ROLES.filter((role) => roleAtLeast(own, role));

/** One line on what each of `roles` allows, lowest first, as each adds to the one below. */
export function describeKeyRoles(roles: readonly Role[]): string {
  const line = [...roles]
    .reverse()
    .map((role) => ALLOWS[role])
    .join("; ");
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}

/**
 * The refusal's words when it is about the key's role, to show at the role field: a validation
 * issue on `role`, or the refusal of a key above the creator's role (403 FORBIDDEN whose
 * `required_role` is the role asked for; one needing another role is about the person instead).
 */
export function roleProblemOf(failure: ApiError, asked: Role): string | undefined {
  const field = fieldErrorsOf(failure).get("role");
  if (field) return field;
  if (failure.code === "FORBIDDEN" && failure.details?.["required_role"] === asked) return failure.message;
  return undefined;
}
