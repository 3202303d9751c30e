import { AppError } from "@kurz/errors";
import { and, count, eq, ne } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { invitations, workspaces } from "../db/schema";
import { allowsAnother } from "../plans/limit";
import { planOf } from "../plans/plans";
import { pendingInvitationsOf } from "./pending-invitations";

type Transaction = Parameters<Parameters<AuthContext["db"]["transaction"]>[0]>[0];

/**
 * Inside the transaction that adds a person or an invitation (the workspace row locked): refuses
 * with QUOTA_EXCEEDED when the plan's member limit is reached, counting members and pending
 * invitations (`except`, an invitation being used or replaced, is not counted twice).
 */
export async function assertRoomForMember(
  tx: Transaction,
  workspaceId: string,
  members: number,
  now: Date,
  except?: string,
): Promise<void> {
  const [workspace] = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const plan = planOf(workspace?.plan ?? "free");
  const [pending] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      except
        ? and(pendingInvitationsOf(workspaceId, now), ne(invitations.id, except))
        : pendingInvitationsOf(workspaceId, now),
    );
  const used = members + (pending?.n ?? 0);
  if (!allowsAnother(plan.maxMembers, used)) {
    throw new AppError("QUOTA_EXCEEDED", {
      message: `The ${plan.name} plan allows ${plan.maxMembers} member${plan.maxMembers === 1 ? "" : "s"} (pending invitations count)`,
      details: { limit: plan.maxMembers, used, plan: plan.id },
      hint: "Revoke a pending invitation or remove a member, or upgrade the plan",
    });
  }
}
