import { recordChange } from "@kurz/audit";
import { isUniqueViolation } from "@kurz/relational";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { campaigns } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { campaignAuditFields } from "./campaign-audit-fields";
import type { UpdateCampaignInput } from "./campaign-input-schemas";
import { type CampaignWithCount, withLinkCount } from "./campaign-with-count";
import { campaignNameTaken } from "./create-campaign";
import { enqueueCampaignChanged } from "./enqueue-campaign-changed";
import { getCampaignOrThrow } from "./get-campaign-or-throw";

export async function updateCampaign(
  ctx: LinkApiContext,
  accountId: string,
  campaignId: string,
  input: UpdateCampaignInput,
): Promise<CampaignWithCount> {
  try {
    const campaign = await ctx.db.transaction(async (tx) => {
      const current = await getCampaignOrThrow(tx, accountId, campaignId);
      const [row] = await tx
        .update(campaigns)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.tags !== undefined ? { tags: input.tags } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(campaigns.id, campaignId))
        .returning();
      const updated = await withLinkCount(tx, row!);
      await enqueueCampaignChanged(tx, "campaign.updated", ctx.clock.now(), updated);
      await recordChange(tx, SERVICE_NAME, {
        workspaceId: updated.accountId,
        action: "campaign.updated",
        target: { type: "campaign", id: updated.id },
        before: campaignAuditFields(current),
        after: campaignAuditFields(updated),
        at: ctx.clock.now(),
      });
      return updated;
    });
    ctx.eventsWritten();
    return campaign;
  } catch (error) {
    if (isUniqueViolation(error, "campaigns_account_name_unique")) throw campaignNameTaken(input.name ?? "");
    throw error;
  }
}
