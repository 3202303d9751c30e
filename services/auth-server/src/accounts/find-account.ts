import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type AccountRow, accounts } from "../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findAccount(
  ctx: Pick<AuthContext, "db">,
  accountId: string,
): Promise<AccountRow | undefined> {
  if (!UUID.test(accountId)) return undefined;
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

export async function getAccountOrThrow(
  ctx: Pick<AuthContext, "db">,
  accountId: string,
): Promise<AccountRow> {
  const row = await findAccount(ctx, accountId);
  if (!row) throw new AppError("NOT_FOUND", { message: "Account not found" });
  return row;
}
