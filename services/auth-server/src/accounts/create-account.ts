import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { isUniqueViolation } from "@kurz/relational";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { hashPassword } from "../crypto/password-hash";
import { type AccountRow, accounts, memberships, workspaces } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { assertValidSignUp, normalizeEmail, type SignUpInput } from "./account-input";
import { toProtoAccount } from "./to-proto-account";

/** The first workspace's name: the person's, else their e-mail's local part (as migration 0002). */
export function workspaceName(person: Pick<AccountRow, "name" | "email">): string {
  return person.name || person.email.split("@")[0] || person.email;
}

/**
 * Signs a person up with a workspace of their own on the free plan (same id, the person its owner)
 * and announces `account.created` for that workspace. CONFLICT for a taken email.
 */
export async function createAccount(
  ctx: AuthContext,
  input: SignUpInput,
  clientAddress?: string,
): Promise<AccountRow> {
  assertValidSignUp(input);
  const now = ctx.clock.now();
  const row: AccountRow = {
    id: randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values(row);
      await tx
        .insert(workspaces)
        .values({ id: row.id, name: workspaceName(row), plan: "free", createdAt: now, updatedAt: now });
      await tx
        .insert(memberships)
        .values({ workspaceId: row.id, accountId: row.id, role: "owner", createdAt: now, lastUsedAt: now });
      await recordAudit(tx, {
        workspaceId: row.id,
        actor: { type: "person", id: row.id, surface: "pages", ...(clientAddress ? { clientAddress } : {}) },
        action: "workspace.created",
        target: { type: "workspace", id: row.id },
        changes: { name: { before: null, after: workspaceName(row) }, plan: { before: null, after: "free" } },
        at: now,
      });
      await enqueueAccountEvents(tx, [
        accountEvent({
          type: "account.created",
          accountId: row.id,
          schema: authV1.AccountCreatedSchema,
          payload: {
            account: toProtoAccount({
              id: row.id,
              name: workspaceName(row),
              email: row.email,
              plan: "free",
              createdAt: now,
            }),
          },
          occurredAt: now,
        }),
      ]);
    });
  } catch (error) {
    if (isUniqueViolation(error, "accounts_email_unique")) {
      throw new AppError("CONFLICT", { message: "An account with this email already exists" });
    }
    throw error;
  }
  ctx.wakeOutbox();
  ctx.logger.info({ event: "account.created", accountId: row.id }, "account created");
  return row;
}
