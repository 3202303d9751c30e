import { recordChange } from "@kurz/audit";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import type { UpdateBrandedDomainInput } from "./domain-input-schemas";
import { type BrandedDomainRecord, brandedLinkCount } from "./domain-records";
import { enqueueBrandedDomainChanged } from "./enqueue-domain-changed";
import { getBrandedDomainOrThrow } from "./get-branded-domain-or-throw";
import { hostRedirectChanges } from "./host-redirect-changes";

/**
 * The display name, the host redirects and the app association files change; the host does not
 * (a different host is a different domain: add it).
 */
export async function updateBrandedDomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
  input: UpdateBrandedDomainInput,
): Promise<BrandedDomainRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getBrandedDomainOrThrow(tx, accountId, reference, { forUpdate: true });
    const [row] = await tx
      .update(brandedDomains)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(await hostRedirectChanges(tx, ctx, input)),
        ...(input.apple_app_site_association !== undefined
          ? { appleAppSiteAssociation: input.apple_app_site_association ?? "" }
          : {}),
        ...(input.asset_links !== undefined ? { assetLinks: input.asset_links ?? "" } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(brandedDomains.id, current.id))
      .returning();
    const updated = { ...row!, linkCount: await brandedLinkCount(tx, current.id) };
    await enqueueBrandedDomainChanged(tx, "domain.updated", ctx.clock.now(), updated);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: updated.accountId,
      action: "branded_domain.updated",
      target: { type: "branded_domain", id: updated.id },
      before: domainAuditFields(current),
      after: domainAuditFields(updated),
      at: ctx.clock.now(),
    });
    return updated;
  });
  ctx.eventsWritten();
  return record;
}
