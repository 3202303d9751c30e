import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import type { AuthContext } from "../auth-context";
import { hashPassword } from "../crypto/password-hash";
import type { AccountRow } from "../db/schema";
import { assertValidSignUp, normalizeEmail, type SignUpInput } from "./account-input";
import { insertPerson } from "./insert-person";

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
    await ctx.db.transaction((tx) => insertPerson(tx, row, clientAddress));
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
