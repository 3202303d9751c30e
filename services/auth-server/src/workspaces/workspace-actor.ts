import type { Role } from "@kurz/auth-verifier";
import type { AuditActor, PersonActor } from "../audit/audit-actor";

/**
 * An API key acting in its own workspace (gRPC, for an MCP agent): it holds no membership, so it
 * acts with its role ceiling as its role (docs/api/workspaces.md#roles).
 */
export type ApiKeyActor = AuditActor & {
  type: "api_key";
  id: string;
  role: Role;
  workspaceId: string;
  /** The person who made the key (null once they are gone): an invitation's inviter. */
  createdBy: string | null;
};

/** Who changes a workspace or its members: a person (their membership's role) or an API key. */
export type WorkspaceActor = PersonActor | ApiKeyActor;

/** The actor's role in `workspaceId`, given its members' roles by person; undefined: an outsider. */
export function actorRoleIn(
  actor: WorkspaceActor,
  workspaceId: string,
  roles: ReadonlyMap<string, Role>,
): Role | undefined {
  if (actor.type === "api_key") return actor.workspaceId === workspaceId ? actor.role : undefined;
  return roles.get(actor.id);
}

/** The person an actor is, if a person (a key never "leaves" nor counts as a member). */
export function personOf(actor: WorkspaceActor): string | undefined {
  return actor.type === "person" ? actor.id : undefined;
}
