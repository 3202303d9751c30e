import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { decoyPasswordHash, verifyPassword } from "../crypto/password-hash";
import { type AccountRow, accounts } from "../db/schema";
import { normalizeEmail } from "./account-input";
import { createLoginThrottle } from "./login-throttle";

export type LoginResult =
  | { ok: true; account: AccountRow }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

/**
 * Checks an email and password, throttling failures per account and per IP. Unknown emails cost
 * the same scrypt as wrong passwords, and both get the same answer.
 */
export async function authenticateAccount(
  ctx: AuthContext,
  input: { email: string; password: string; ip: string },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const throttle = createLoginThrottle(ctx);
  const state = await throttle.check(email, input.ip);
  if (state.blocked) return { ok: false, reason: "throttled", retryAfterSec: state.retryAfterSec };

  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyPasswordHash()));
  if (account && valid) return { ok: true, account };

  const after = await throttle.recordFailure(email, input.ip);
  ctx.logger.info({ event: "account.login_failed", throttled: after.blocked }, "log-in failed");
  return { ok: false, reason: "invalid_credentials" };
}
