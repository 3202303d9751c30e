import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { isUniqueViolation } from "@kurz/relational";
import type { AuthContext } from "../auth-context";
import { hashPassword } from "../crypto/password-hash";
import { type AccountRow, accounts } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { assertValidSignUp, normalizeEmail, type SignUpInput } from "./account-input";
import { toProtoAccount } from "./to-proto-account";

/** Signs a person up on the free plan and announces `account.created`. CONFLICT for a taken email. */
export async function createAccount(ctx: AuthContext, input: SignUpInput): Promise<AccountRow> {
  assertValidSignUp(input);
  const now = ctx.clock.now();
  const row: AccountRow = {
    id: randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    plan: "free",
    createdAt: now,
    updatedAt: now,
  };
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values(row);
      await enqueueAccountEvents(tx, [
        accountEvent({
          type: "account.created",
          accountId: row.id,
          schema: authV1.AccountCreatedSchema,
          payload: { account: toProtoAccount(row) },
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
