import { AppError } from "@kurz/errors";
import { and, asc, count, eq, gt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { assertWithinQuota } from "../accounts/assert-within-quota";
import type { LinkApiTransaction } from "../db/link-api-database";
import {
  brandedDomains,
  campaigns,
  type DeletedLinkRow,
  deletedLinks,
  type LinkRow,
  links,
  subdomains,
} from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { quarantineCutoff } from "./deleted-code-quarantine";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import type { LinkReference } from "./get-link-or-throw";

/**
 * The account's deleted link whose code is still quarantined, by code, alias or id (code first,
 * as for live links); URL_NOT_FOUND otherwise — once the quarantine is over a tombstone may be
 * purged at any time, so it is "not found" whether or not it is still stored.
 */
async function getDeletedLinkOrThrow(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  accountId: string,
  reference: LinkReference,
): Promise<DeletedLinkRow> {
  const shortCode = reference.shortCode.trim();
  const notFound = () =>
    new AppError("URL_NOT_FOUND", {
      message: "No deleted short URL with this code can be restored (its quarantine may be over)",
      details: { shortCode },
    });
  if (shortCode === "" || shortCode.length > 64) throw notFound();
  const domain = reference.domain?.trim().toLowerCase().replace(/:\d+$/, "");
  const find = (match: SQL) => {
    const conditions: SQL[] = [
      eq(deletedLinks.accountId, accountId),
      gt(deletedLinks.deletedAt, quarantineCutoff(ctx)),
      match,
    ];
    if (domain) conditions.push(eq(deletedLinks.host, domain));
    return tx
      .select()
      .from(deletedLinks)
      .where(and(...conditions))
      .orderBy(asc(deletedLinks.deletedAt))
      .limit(10)
      .for("update");
  };
  let rows = await find(eq(deletedLinks.code, shortCode));
  if (rows.length === 0 && z.uuid().safeParse(shortCode).success) {
    rows = await find(eq(deletedLinks.linkId, shortCode));
  }
  const row = rows.find((candidate) => candidate.host === ctx.hosts.standardHost) ?? rows[0];
  if (!row) throw notFound();
  return row;
}

/** The host a restored link answers on must still be the account's, as when it was created. */
async function assertHostStillUsable(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  accountId: string,
  link: DeletedLinkRow["link"],
): Promise<{ brandedDomainId: string | null; subdomainId: string | null }> {
  if (link.urlType === "branded") {
    const [domain] = await tx
      .select({ id: brandedDomains.id, status: brandedDomains.status })
      .from(brandedDomains)
      .where(and(eq(brandedDomains.accountId, accountId), eq(brandedDomains.domain, link.host)));
    if (domain?.status !== "verified") {
      throw new AppError("INVALID_STATE", {
        message: `The link answered on ${link.host}, which is no longer a verified branded domain of yours`,
        details: { field: "branded_domain", domain: link.host },
        hint: "Add and verify the domain again, then restore",
      });
    }
    return { brandedDomainId: domain.id, subdomainId: null };
  }
  if (link.urlType === "subdomain") {
    const label = ctx.hosts.subdomainOf(link.host) ?? "";
    const [subdomain] = await tx
      .select({ id: subdomains.id })
      .from(subdomains)
      .where(and(eq(subdomains.accountId, accountId), eq(subdomains.subdomain, label)));
    if (!subdomain) {
      throw new AppError("INVALID_STATE", {
        message: `The link answered on ${link.host}, a subdomain you no longer hold`,
        details: { field: "subdomain", subdomain: label },
        hint: "Reserve the subdomain again, then restore",
      });
    }
    return { brandedDomainId: null, subdomainId: subdomain.id };
  }
  return { brandedDomainId: null, subdomainId: null };
}

/**
 * Brings back a deleted link during its code's quarantine: same id, code, host and settings, a
 * new version (the edge forgot it on link.deleted; link.created puts it back). It counts against
 * the plan's links again. A campaign deleted meanwhile is dropped from it; a QR code's link is not
 * restored alone (its QR code is gone) — the owner can reuse the code with customAlias instead.
 */
export async function restoreLink(
  ctx: LinkApiContext,
  accountId: string,
  reference: LinkReference,
): Promise<LinkRow> {
  const plan = await ctx.plans.getPlan(accountId);
  const row = await ctx.db.transaction(async (tx) => {
    const tombstone = await getDeletedLinkOrThrow(tx, ctx, accountId, reference);
    const stored = tombstone.link;
    if (stored.qr) {
      throw new AppError("INVALID_STATE", {
        message: `This link belonged to a deleted QR code and is not restored alone; create a link with customAlias "${stored.code}" to use its code again`,
        details: { shortCode: stored.code },
      });
    }
    await assertWithinQuota(tx, accountId, plan, "maxLinks", async () => {
      const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
      return result?.n ?? 0;
    });
    const hostIds = await assertHostStillUsable(tx, ctx, accountId, stored);
    let campaignId = stored.campaignId;
    if (campaignId) {
      const [campaign] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)));
      campaignId = campaign?.id ?? null;
    }

    const [restored] = await tx
      .insert(links)
      .values({
        ...stored,
        ...hostIds,
        campaignId,
        // The test that routed it ended when the link was deleted (abtest-engine listens).
        abTestId: null,
        abVariants: [],
        expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null,
        createdAt: new Date(stored.createdAt),
        updatedAt: sql`now()`,
        version: sql`nextval('link_version_seq')`,
      })
      .onConflictDoNothing({ target: [links.host, links.code] })
      .returning();
    // Only the owner can have taken the code meanwhile, and that removed this tombstone; kept as
    // a guard against a concurrent create of the same alias by the owner.
    if (!restored) {
      throw new AppError("ALIAS_EXISTS", {
        message: "The code is in use again",
        details: { customAlias: stored.code, domain: stored.host },
      });
    }
    await tx.delete(deletedLinks).where(eq(deletedLinks.linkId, tombstone.linkId));
    await enqueueLinkChanged(tx, "link.created", ctx.clock.now(), restored);
    return restored;
  });
  ctx.eventsWritten();
  return row;
}
