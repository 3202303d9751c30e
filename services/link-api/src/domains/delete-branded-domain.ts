import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import { type BrandedDomainRecord, brandedLinkCount } from "./domain-records";
import { enqueueBrandedDomainChanged } from "./enqueue-domain-changed";
import { getBrandedDomainOrThrow } from "./get-branded-domain-or-throw";

/** Removes a branded domain; refused while links answer on it. */
export async function deleteBrandedDomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
): Promise<BrandedDomainRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getBrandedDomainOrThrow(tx, accountId, reference, { forUpdate: true });
    const linkCount = await brandedLinkCount(tx, current.id);
    if (linkCount > 0) {
      throw new AppError("INVALID_STATE", {
        message: `${linkCount} link(s) use this domain; delete or move them first`,
        details: { linkCount },
      });
    }
    await tx.delete(brandedDomains).where(eq(brandedDomains.id, current.id));
    const deleted = { ...current, linkCount: 0 };
    await enqueueBrandedDomainChanged(tx, "domain.deleted", ctx.clock.now(), deleted);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: deleted.accountId,
      action: "branded_domain.deleted",
      target: { type: "branded_domain", id: deleted.id },
      before: domainAuditFields(deleted),
      at: ctx.clock.now(),
    });
    return deleted;
  });
  ctx.eventsWritten();
  return record;
}
