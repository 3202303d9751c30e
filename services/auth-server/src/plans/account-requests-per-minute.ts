import type { AccountQuotaLookup } from "@kurz/service-runtime";
import type { AuthContext } from "../auth-context";
import { getWorkspaceAccountOrThrow } from "../workspaces/find-workspace-account";
import { planOf } from "./plans";

/**
 * An account's REST requests per minute, from its plan in auth-server's own database (other
 * services ask GetAccount for the same number). Uncached: app.ts wraps it in cacheAccountQuotas.
 */
export function accountRequestsPerMinute(ctx: Pick<AuthContext, "db">): AccountQuotaLookup {
  return async (accountId) =>
    planOf((await getWorkspaceAccountOrThrow(ctx, accountId)).plan).restRequestsPerMinute;
}
