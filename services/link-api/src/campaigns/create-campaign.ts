import { randomUUID } from "node:crypto";
import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { count, eq } from "drizzle-orm";
import { assertWithinQuota } from "../accounts/assert-within-quota";
import { SERVICE_NAME } from "../config";
import { campaigns } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { campaignAuditFields } from "./campaign-audit-fields";
import type { CreateCampaignInput } from "./campaign-input-schemas";
import type { CampaignWithCount } from "./campaign-with-count";
import { enqueueCampaignChanged } from "./enqueue-campaign-changed";

export function campaignNameTaken(name: string): AppError {
  return new AppError("CONFLICT", {
    message: "You already have a campaign with this name",
    details: { field: "name", name },
  });
}

/** Creates a campaign; names are unique per account, case-insensitively (CONFLICT). */
export async function createCampaign(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateCampaignInput,
): Promise<CampaignWithCount> {
  const plan = await ctx.plans.getPlan(accountId);
  try {
    const campaign = await ctx.db.transaction(async (tx) => {
      await assertWithinQuota(tx, accountId, plan, "maxCampaigns", async () => {
        const [row] = await tx
          .select({ n: count() })
          .from(campaigns)
          .where(eq(campaigns.accountId, accountId));
        return row?.n ?? 0;
      });
      const [row] = await tx
        .insert(campaigns)
        .values({
          id: randomUUID(),
          accountId,
          name: input.name,
          description: input.description ?? "",
          tags: input.tags ?? [],
        })
        .returning();
      const created = { ...row!, linkCount: 0 };
      await enqueueCampaignChanged(tx, "campaign.created", ctx.clock.now(), created);
      await recordChange(tx, SERVICE_NAME, {
        workspaceId: created.accountId,
        action: "campaign.created",
        target: { type: "campaign", id: created.id },
        after: campaignAuditFields(created),
        at: ctx.clock.now(),
      });
      return created;
    });
    ctx.eventsWritten();
    return campaign;
  } catch (error) {
    if (isUniqueViolation(error, "campaigns_account_name_unique")) throw campaignNameTaken(input.name);
    throw error;
  }
}
