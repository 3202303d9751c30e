import { callingAccount, type GrpcCallContext } from "@kurz/grpc";
import { getApiKeyActorOrThrow } from "../api-keys/get-api-key-actor-or-throw";
import { auditActorOfCall } from "../audit/audit-actor-of-call";
import type { AuthContext } from "../auth-context";
import type { WorkspaceActor } from "../workspaces/workspace-actor";

/**
 * Who a WorkspaceService call acts as, and in which workspace: the person of a forwarded access
 * token (their role is read from the membership by each operation), or the API key of an
 * exchanged internal token (its ceiling read here), in the workspace the token proves.
 */
export async function workspaceActorOfCall(
  ctx: Pick<AuthContext, "db">,
  context: GrpcCallContext,
): Promise<{ actor: WorkspaceActor; workspaceId: string }> {
  const workspaceId = callingAccount(context);
  const actor = auditActorOfCall(context);
  if (actor.type === "person") return { actor: { ...actor, type: "person" }, workspaceId };
  return { actor: await getApiKeyActorOrThrow(ctx, { ...actor, type: "api_key" }, workspaceId), workspaceId };
}
