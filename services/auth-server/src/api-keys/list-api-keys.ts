import { and, desc, eq, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { type ApiKeyRow, apiKeys } from "../db/schema";

/** The account's keys that still work, newest first. */
export function listApiKeys(ctx: AuthContext, accountId: string): Promise<ApiKeyRow[]> {
  return ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}
