import { and, eq, gt } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { type AccountRow, accounts, sessions } from "../db/schema";

export interface NewSession {
  cookieValue: string;
  expiresAt: Date;
}

/**
 * Starts a session for an account. Always a new id: logging in never reuses the id the browser
 * had before (session fixation). Only the id's hash is stored.
 */
export async function createSession(ctx: AuthContext, accountId: string): Promise<NewSession> {
  const cookieValue = generateOpaqueSecret("");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.SESSION_TTL_HOURS * 3_600_000);
  await ctx.db
    .insert(sessions)
    .values({ idHash: sha256Hex(cookieValue), accountId, createdAt: now, expiresAt });
  return { cookieValue, expiresAt };
}

/** The account of a live session, or undefined for an unknown or expired one. */
export async function findSessionAccount(
  ctx: AuthContext,
  cookieValue: string,
): Promise<AccountRow | undefined> {
  const [row] = await ctx.db
    .select({ account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.idHash, sha256Hex(cookieValue)), gt(sessions.expiresAt, ctx.clock.now())))
    .limit(1);
  return row?.account;
}

export async function deleteSession(ctx: AuthContext, cookieValue: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.idHash, sha256Hex(cookieValue)));
}
