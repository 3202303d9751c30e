import { AppError } from "@kurz/errors";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { oauthClients, tokenFamilies } from "../db/schema";
import { revokeTokenFamily } from "./revoke-token-family";
import { REFRESH_TOKEN_TTL_SEC } from "./token-lifetimes";

export interface AuthorizedApp {
  clientId: string;
  clientName: string;
  scopes: string[];
  authorizedAt: Date;
  lastUsedAt: Date;
}

/**
 * Applications holding a live grant for the account: an unrevoked token family used within the
 * refresh-token lifetime (older ones can no longer refresh). Several grants of one app merge.
 */
export async function listAuthorizedApps(ctx: AuthContext, accountId: string): Promise<AuthorizedApp[]> {
  const alive = new Date(ctx.clock.now().getTime() - REFRESH_TOKEN_TTL_SEC * 1000);
  const rows = await ctx.db
    .select({ family: tokenFamilies, clientName: oauthClients.clientName })
    .from(tokenFamilies)
    .innerJoin(oauthClients, eq(oauthClients.clientId, tokenFamilies.clientId))
    .where(
      and(
        eq(tokenFamilies.accountId, accountId),
        isNull(tokenFamilies.revokedAt),
        gt(tokenFamilies.lastUsedAt, alive),
      ),
    )
    .orderBy(desc(tokenFamilies.lastUsedAt));
  const apps = new Map<string, AuthorizedApp>();
  for (const { family, clientName } of rows) {
    const app = apps.get(family.clientId);
    if (!app) {
      apps.set(family.clientId, {
        clientId: family.clientId,
        clientName,
        scopes: family.scope.split(" "),
        authorizedAt: family.createdAt,
        lastUsedAt: family.lastUsedAt,
      });
      continue;
    }
    app.scopes = [...new Set([...app.scopes, ...family.scope.split(" ")])];
    if (family.createdAt < app.authorizedAt) app.authorizedAt = family.createdAt;
  }
  return [...apps.values()];
}

/** Disconnects an application: every grant it holds for the account is revoked. */
export async function revokeAuthorizedApp(
  ctx: AuthContext,
  accountId: string,
  clientId: string,
): Promise<void> {
  const families = await ctx.db
    .select({ id: tokenFamilies.id })
    .from(tokenFamilies)
    .where(
      and(
        eq(tokenFamilies.accountId, accountId),
        eq(tokenFamilies.clientId, clientId),
        isNull(tokenFamilies.revokedAt),
      ),
    );
  if (families.length === 0) throw new AppError("NOT_FOUND", { message: "No such authorized application" });
  for (const family of families) await revokeTokenFamily(ctx, family.id, "revoked_by_user");
}
