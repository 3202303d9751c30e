import { authV1 } from "@kurz/proto";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { type AccountRow, accounts, memberships, workspaces } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { toProtoAccount } from "./to-proto-account";

type Transaction = Parameters<Parameters<AuthContext["db"]["transaction"]>[0]>[0];

/** The first workspace's name: the person's, else their e-mail's local part (as migration 0002). */
export function workspaceName(person: Pick<AccountRow, "name" | "email">): string {
  return person.name || person.email.split("@")[0] || person.email;
}

/**
 * Inside the caller's transaction: a new person with a workspace of their own on the free plan
 * (same id, the person its owner), its audit entry and `account.created`. Shared by sign-up and
 * single sign-on, so every person has the workspace other code calls "their own". A taken e-mail
 * fails on accounts_email_unique.
 */
export async function insertPerson(tx: Transaction, row: AccountRow, clientAddress?: string): Promise<void> {
  const now = row.createdAt;
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
}
