import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { subdomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import { type SubdomainRecord, subdomainLinkCount } from "./domain-records";
import { enqueueSubdomainChanged } from "./enqueue-domain-changed";
import { getSubdomainOrThrow } from "./get-subdomain-or-throw";

/** Releases a subdomain; refused while links answer on it (they would break). */
export async function deleteSubdomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
): Promise<SubdomainRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getSubdomainOrThrow(tx, accountId, reference, { forUpdate: true });
    const linkCount = await subdomainLinkCount(tx, current.id);
    if (linkCount > 0) {
      throw new AppError("INVALID_STATE", {
        message: `${linkCount} link(s) use this subdomain; delete or move them first`,
        details: { linkCount },
      });
    }
    await tx.delete(subdomains).where(eq(subdomains.id, current.id));
    const deleted = { ...current, linkCount: 0 };
    await enqueueSubdomainChanged(tx, "domain.deleted", ctx.clock.now(), deleted, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: deleted.accountId,
      action: "subdomain.deleted",
      target: { type: "subdomain", id: deleted.id },
      before: domainAuditFields(deleted),
      at: ctx.clock.now(),
    });
    return deleted;
  });
  ctx.eventsWritten();
  return record;
}
