import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { and, eq } from "drizzle-orm";
import { insertPerson } from "../accounts/insert-person";
import type { PersonActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { type AccountRow, accounts, memberships } from "../db/schema";
import { assertRoomForMember } from "../invitations/assert-room-for-member";
import { lockWorkspaceMembers } from "../workspaces/lock-workspace-members";
import { enqueueMemberChanged } from "../workspaces/member-event";
import { SsoLoginError } from "./sso-login-error";

export interface SsoPerson {
  email: string;
  name: string;
  workspaceId: string;
  clientAddress: string;
}

/**
 * After the provider vouched for a verified e-mail of the workspace's domain: the person with that
 * e-mail (the same person who may also have a password), or a new one without a password and
 * with a workspace of their own like every person; then a `member` of the SSO workspace unless
 * already in it, counted against the plan like any member (quota_exceeded), audited as
 * `member.joined_through_sso` through the pages. One transaction.
 */
export async function joinThroughSso(ctx: AuthContext, input: SsoPerson, attempt = 1): Promise<AccountRow> {
  const now = ctx.clock.now();
  let outcome: { person: AccountRow; created: boolean; joined: boolean };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(accounts).where(eq(accounts.email, input.email)).limit(1);
      const person: AccountRow = existing ?? {
        id: randomUUID(),
        email: input.email,
        name: input.name,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      };
      if (!existing) await insertPerson(tx, person, input.clientAddress);
      const actor: PersonActor = {
        type: "person",
        id: person.id,
        surface: "pages",
        clientAddress: input.clientAddress,
      };
      const roles = await lockWorkspaceMembers(tx, input.workspaceId);
      const current = roles.get(person.id);
      if (current) {
        // The workspace signed in for is the one a new grant acts in by default.
        await tx
          .update(memberships)
          .set({ lastUsedAt: now })
          .where(and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.accountId, person.id)));
        return { person, created: !existing, joined: false };
      }
      try {
        await assertRoomForMember(tx, input.workspaceId, roles.size, now);
      } catch (error) {
        if (error instanceof AppError && error.code === "QUOTA_EXCEEDED") {
          throw new SsoLoginError("quota_exceeded", { cause: error });
        }
        throw error;
      }
      await tx.insert(memberships).values({
        workspaceId: input.workspaceId,
        accountId: person.id,
        role: "member",
        createdAt: now,
        lastUsedAt: now,
      });
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        actor,
        action: "member.joined_through_sso",
        target: { type: "member", id: person.id },
        changes: {
          email: { before: null, after: person.email },
          role: { before: null, after: "member" },
        },
        at: now,
      });
      await enqueueMemberChanged(tx, {
        workspaceId: input.workspaceId,
        userId: person.id,
        role: "member",
        previousRole: undefined,
        changedBy: person.id,
        at: now,
      });
      return { person, created: !existing, joined: true };
    });
  } catch (error) {
    // The same e-mail signed up (or signed in) at the same moment: that person is the one.
    if (attempt === 1 && isUniqueViolation(error, "accounts_email_unique")) {
      return joinThroughSso(ctx, input, 2);
    }
    throw error;
  }
  if (outcome.created || outcome.joined) ctx.wakeOutbox();
  ctx.logger.info(
    {
      event: "sso.signed_in",
      accountId: input.workspaceId,
      userId: outcome.person.id,
      created: outcome.created,
      joined: outcome.joined,
    },
    "signed in through single sign-on",
  );
  return outcome.person;
}
