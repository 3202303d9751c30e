import { and, eq, isNotNull } from "drizzle-orm";
import { normalizeEmail } from "../accounts/account-input";
import type { AuthContext } from "../auth-context";
import { type WorkspaceSsoRow, workspaceSso, workspaces } from "../db/schema";
import { planIncludesSso } from "./sso-access";

export interface ActiveSso {
  sso: WorkspaceSsoRow;
  workspaceName: string;
}

/** The domain of an e-mail address, lower-cased; undefined when it has none. */
export function emailDomainOf(email: string): string | undefined {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf("@");
  return at > 0 && at < normalized.length - 1 ? normalized.slice(at + 1) : undefined;
}

/**
 * The single sign-on that signs in people of this e-mail's domain: set up, its domain verified,
 * its workspace on a plan that includes SSO (a downgraded workspace's SSO rests, enforcement too).
 */
export async function findSsoForEmail(
  ctx: Pick<AuthContext, "db">,
  email: string,
): Promise<ActiveSso | undefined> {
  const domain = emailDomainOf(email);
  if (!domain) return undefined;
  const [found] = await ctx.db
    .select({ sso: workspaceSso, workspaceName: workspaces.name, plan: workspaces.plan })
    .from(workspaceSso)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSso.workspaceId))
    .where(and(eq(workspaceSso.domain, domain), isNotNull(workspaceSso.verifiedAt)))
    .limit(1);
  if (!found || !planIncludesSso(found.plan)) return undefined;
  return { sso: found.sso, workspaceName: found.workspaceName };
}
