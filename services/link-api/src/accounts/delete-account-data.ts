import { enqueueOutboxMessages, type OutboxMessage } from "@kurz/outbox";
import { eq, inArray } from "drizzle-orm";
import { brandedDomains, campaigns, imports, links, qrCodes, subdomains } from "../db/schema";
import { enqueueBrandedDomainChanged, enqueueSubdomainChanged } from "../domains/enqueue-domain-changed";
import type { LinkApiContext } from "../link-api-context";
import { keepDeletedLink } from "../links/deleted-code-quarantine";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";

/** Links deleted per transaction: a large workspace never holds one long transaction. */
const BATCH = 500;

/**
 * Deletes everything link-api holds of a deleted workspace (`account.deleted`): its links in
 * batches (with their QR codes; each with link.deleted, so the edge forgets it, and its code in
 * quarantine like any deleted link's), then its static QR codes, campaigns, subdomains and
 * branded domains (domain.deleted: their hosts stop answering) and imports. Idempotent: a
 * redelivered event, or one retried after a failure half-way, finds only what is left.
 */
export async function deleteAccountData(ctx: LinkApiContext, accountId: string): Promise<void> {
  let deletedLinks = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(links)
        .where(eq(links.accountId, accountId))
        .limit(BATCH)
        .for("update");
      if (batch.length === 0) return 0;
      const ids = batch.map((row) => row.id);
      await tx.delete(qrCodes).where(inArray(qrCodes.linkId, ids));
      await tx.delete(links).where(inArray(links.id, ids));
      const events: OutboxMessage[] = [];
      const now = ctx.clock.now();
      for (const row of batch) {
        await keepDeletedLink(tx, ctx, row);
        await enqueueLinkChanged(tx, "link.deleted", now, row, { deferTo: events, audit: false });
      }
      await enqueueOutboxMessages(tx, events);
      return batch.length;
    });
    if (count === 0) break;
    deletedLinks += count;
    ctx.eventsWritten();
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(qrCodes).where(eq(qrCodes.accountId, accountId));
    await tx.delete(campaigns).where(eq(campaigns.accountId, accountId));
    await tx.delete(imports).where(eq(imports.accountId, accountId));
    const now = ctx.clock.now();
    const gone = await tx.delete(subdomains).where(eq(subdomains.accountId, accountId)).returning();
    for (const row of gone) {
      await enqueueSubdomainChanged(tx, "domain.deleted", now, { ...row, linkCount: 0 }, ctx.hosts);
    }
    const branded = await tx
      .delete(brandedDomains)
      .where(eq(brandedDomains.accountId, accountId))
      .returning();
    for (const row of branded) {
      await enqueueBrandedDomainChanged(tx, "domain.deleted", now, { ...row, linkCount: 0 });
    }
  });
  ctx.eventsWritten();
  ctx.logger.info({ event: "link_api.account_deleted", accountId, links: deletedLinks });
}
