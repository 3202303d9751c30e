import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type CampaignRow, campaigns } from "../db/schema";

/** The account's campaign, or NOT_FOUND (also for another account's, or a malformed id). */
export async function getCampaignOrThrow(
  db: LinkApiExecutor,
  accountId: string,
  campaignId: string,
): Promise<CampaignRow> {
  if (!z.uuid().safeParse(campaignId).success) {
    throw new AppError("NOT_FOUND", { message: "Campaign not found", details: { campaign_id: campaignId } });
  }
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)));
  if (!row) {
    throw new AppError("NOT_FOUND", { message: "Campaign not found", details: { campaign_id: campaignId } });
  }
  return row;
}
