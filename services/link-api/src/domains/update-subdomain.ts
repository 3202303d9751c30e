import { recordChange } from "@kurz/audit";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { subdomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import type { UpdateDomainInput } from "./domain-input-schemas";
import { type SubdomainRecord, subdomainLinkCount } from "./domain-records";
import { enqueueSubdomainChanged } from "./enqueue-domain-changed";
import { getSubdomainOrThrow } from "./get-subdomain-or-throw";
import { hostRedirectChanges } from "./host-redirect-changes";

/** The display name and the host redirects change; the label does not (it is the links' host). */
export async function updateSubdomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
  input: UpdateDomainInput,
): Promise<SubdomainRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getSubdomainOrThrow(tx, accountId, reference, { forUpdate: true });
    const [row] = await tx
      .update(subdomains)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(await hostRedirectChanges(tx, ctx, input)),
        updatedAt: sql`now()`,
      })
      .where(eq(subdomains.id, current.id))
      .returning();
    const updated = { ...row!, linkCount: await subdomainLinkCount(tx, current.id) };
    await enqueueSubdomainChanged(tx, "domain.updated", ctx.clock.now(), updated, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: updated.accountId,
      action: "subdomain.updated",
      target: { type: "subdomain", id: updated.id },
      before: domainAuditFields(current),
      after: domainAuditFields(updated),
      at: ctx.clock.now(),
    });
    return updated;
  });
  ctx.eventsWritten();
  return record;
}
