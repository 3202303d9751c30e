import { AppError } from "@kurz/errors";
import { eq, sql } from "drizzle-orm";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";
import { getLinkOrThrow, type LinkReference } from "../links/get-link-or-throw";
import { type CampaignWithCount, withLinkCount } from "./campaign-with-count";
import { enqueueCampaignChanged } from "./enqueue-campaign-changed";
import { getCampaignOrThrow } from "./get-campaign-or-throw";

/**
 * Assigns a link to a campaign (from whichever it was in) or removes it from this one. Both the
 * link (link.updated) and the campaign (campaign.updated, new count) announce the change.
 */
export async function moveLinkToCampaign(
  ctx: LinkApiContext,
  accountId: string,
  campaignId: string,
  reference: LinkReference,
  action: "assign" | "remove",
): Promise<{ campaign: CampaignWithCount; link: LinkRow }> {
  const result = await ctx.db.transaction(async (tx) => {
    const campaign = await getCampaignOrThrow(tx, accountId, campaignId);
    const link = await getLinkOrThrow(tx, ctx.hosts, accountId, reference, { forUpdate: true });
    if (action === "remove" && link.campaignId !== campaignId) {
      throw new AppError("INVALID_STATE", { message: "The link is not in this campaign" });
    }
    let updatedLink = link;
    const target = action === "assign" ? campaignId : null;
    if (link.campaignId !== target) {
      const [row] = await tx
        .update(links)
        .set({ campaignId: target, version: sql`nextval('link_version_seq')`, updatedAt: sql`now()` })
        .where(eq(links.id, link.id))
        .returning();
      updatedLink = row!;
      await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), updatedLink, { previous: link });
    }
    const counted = await withLinkCount(tx, campaign);
    await enqueueCampaignChanged(tx, "campaign.updated", ctx.clock.now(), counted);
    return { campaign: counted, link: updatedLink };
  });
  ctx.eventsWritten();
  return result;
}
