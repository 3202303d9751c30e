import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { brandedDomains, links, subdomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { findDeletedCode, heldFrom } from "./deleted-code-quarantine";
import { aliasProblem } from "./link-fields";

export interface AliasAvailability {
  alias: string;
  domain: string;
  available: boolean;
  reason?: "invalid" | "reserved" | "taken" | "recently_deleted";
}

/**
 * The host the caller asks about, when it is one they could create a link on: the standard host,
 * a subdomain they reserved, a branded domain of theirs that is verified. Anything else answers
 * as creating a link there would — 404 whether the domain is unknown or another account's, so the
 * answer never tells which; 409 for the caller's own unverified domain — and reveals nothing of
 * other accounts' links.
 */
async function hostOfCaller(
  db: LinkApiExecutor,
  ctx: LinkApiContext,
  accountId: string,
  domain: string | undefined,
): Promise<string> {
  const host = domain?.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "") || ctx.hosts.standardHost;
  if (host === ctx.hosts.standardHost) return host;
  const label = ctx.hosts.subdomainOf(host);
  if (label !== undefined) {
    const [row] = await db
      .select({ id: subdomains.id })
      .from(subdomains)
      .where(and(eq(subdomains.accountId, accountId), eq(subdomains.subdomain, label)));
    if (!row) {
      throw new AppError("NOT_FOUND", {
        message: "Subdomain not found: reserve it first",
        details: { field: "domain" },
      });
    }
    return host;
  }
  const [row] = await db
    .select({ status: brandedDomains.status })
    .from(brandedDomains)
    .where(and(eq(brandedDomains.accountId, accountId), eq(brandedDomains.domain, host)));
  if (!row) {
    throw new AppError("NOT_FOUND", { message: "Domain not found", details: { field: "domain" } });
  }
  if (row.status !== "verified") {
    throw new AppError("INVALID_STATE", {
      message: "Branded domain is not verified yet",
      details: { field: "domain", status: row.status },
    });
  }
  return host;
}

/**
 * Whether the caller can create an alias on one of their hosts (the standard host when domain is
 * empty). A code another account deleted within its quarantine is "recently_deleted"; one the
 * caller deleted is available to them.
 */
export async function checkAliasAvailability(
  ctx: LinkApiContext,
  accountId: string,
  alias: string,
  domain?: string,
): Promise<AliasAvailability> {
  const { db } = ctx;
  const host = await hostOfCaller(db, ctx, accountId, domain);
  const problem = aliasProblem(alias);
  if (problem) return { alias, domain: host, available: false, reason: problem };
  const [row] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.host, host), eq(links.code, alias)))
    .limit(1);
  if (row) return { alias, domain: host, available: false, reason: "taken" };
  if (heldFrom(ctx, await findDeletedCode(db, host, alias), accountId)) {
    return { alias, domain: host, available: false, reason: "recently_deleted" };
  }
  return { alias, domain: host, available: true };
}
