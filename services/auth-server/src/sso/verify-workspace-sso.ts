import { and, eq } from "drizzle-orm";
import type { PersonActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { type WorkspaceSsoRow, workspaceSso, workspaces } from "../db/schema";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { roleOf } from "../workspaces/role-of";
import { getWorkspaceSsoOrThrow } from "./get-workspace-sso-or-throw";
import { assertSsoIncluded, assertSsoRole } from "./sso-access";
import { txtNameOf, txtValueOf } from "./sso-view";

export interface SsoVerification {
  row: WorkspaceSsoRow;
  /** Why the domain is still pending; undefined once verified. */
  problem: string | undefined;
}

/**
 * Looks up `_kurz-sso.<domain>` (outside the transaction) and marks the domain verified when one
 * of its TXT records is `kurz-sso-verification=<token>`. By owners, on the Enterprise plan. A
 * failed check of a domain already verified leaves it verified (a record removed after the proof
 * does not lock the team out); a changed domain starts over (putWorkspaceSso).
 */
export async function verifyWorkspaceSso(
  ctx: AuthContext,
  actor: PersonActor,
  workspaceId: string,
): Promise<SsoVerification> {
  assertSsoRole(await roleOf(ctx, actor.id, workspaceId), workspaceId, "change");
  const row = await getWorkspaceSsoOrThrow(ctx, actor.id, workspaceId);
  const [workspace] = await ctx.db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  assertSsoIncluded(workspace?.plan ?? "free");
  const name = txtNameOf(row.domain);
  const expected = txtValueOf(row.verificationToken);
  const answer = await ctx.sso.lookupTxt(name);
  const found = answer.ok && answer.records.some((record) => record.trim() === expected);
  ctx.logger.info(
    {
      event: "workspace.sso_verify_checked",
      accountId: workspaceId,
      found,
      reason: answer.ok ? undefined : answer.reason,
    },
    "single sign-on domain checked",
  );
  if (row.verifiedAt) return { row, problem: undefined };
  if (!found) {
    return {
      row,
      problem: answer.ok ? `The TXT record at ${name} does not contain ${expected} yet` : answer.message,
    };
  }
  const now = ctx.clock.now();
  const verified = await ctx.db.transaction(async (tx) => {
    const roles = await lockWorkspaceMembers(tx, workspaceId);
    assertSsoRole(roles.get(actor.id), workspaceId, "change");
    // Only the token that was checked: a domain changed meanwhile stays pending.
    const [updated] = await tx
      .update(workspaceSso)
      .set({ verifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(workspaceSso.workspaceId, workspaceId),
          eq(workspaceSso.verificationToken, row.verificationToken),
        ),
      )
      .returning();
    if (!updated) return undefined;
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "sso.domain_verified",
      target: { type: "workspace_sso", id: workspaceId },
      changes: {
        domain: { before: row.domain, after: row.domain },
        verified: { before: false, after: true },
      },
      at: now,
    });
    return updated;
  });
  if (!verified) return { row, problem: "The settings changed during the check; verify again" };
  return { row: verified, problem: undefined };
}
