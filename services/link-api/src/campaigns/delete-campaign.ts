import { recordChange } from "@kurz/audit";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { campaigns, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";
import { campaignAuditFields } from "./campaign-audit-fields";
import { type CampaignWithCount, withLinkCount } from "./campaign-with-count";
import { enqueueCampaignChanged } from "./enqueue-campaign-changed";
import { getCampaignOrThrow } from "./get-campaign-or-throw";

/**
 * Deletes a campaign. Its links stay and are detached, each with a link.updated event (their
 * snapshots carry the campaign id).
 */
export async function deleteCampaign(
  ctx: LinkApiContext,
  accountId: string,
  campaignId: string,
): Promise<CampaignWithCount> {
  const campaign = await ctx.db.transaction(async (tx) => {
    const current = await withLinkCount(tx, await getCampaignOrThrow(tx, accountId, campaignId));
    const detached = await tx
      .update(links)
      .set({ campaignId: null, version: sql`nextval('link_version_seq')`, updatedAt: sql`now()` })
      .where(eq(links.campaignId, campaignId))
      .returning();
    for (const link of detached) {
      await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), link, { audit: false });
    }
    await tx.delete(campaigns).where(eq(campaigns.id, campaignId));
    await enqueueCampaignChanged(tx, "campaign.deleted", ctx.clock.now(), current);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: current.accountId,
      action: "campaign.deleted",
      target: { type: "campaign", id: current.id },
      before: campaignAuditFields(current),
      at: ctx.clock.now(),
    });
    return current;
  });
  ctx.eventsWritten();
  return campaign;
}
