import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import type { ImportOptions } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import type { CreateImportOptionsInput } from "./import-input-schemas";

/**
 * An import's options as stored, after the checks the schema cannot make (the campaign is the
 * account's), so nothing unknown is refused only after the file is stored. REST and gRPC both
 * start imports through this.
 */
export async function checkImportOptions(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateImportOptionsInput,
): Promise<ImportOptions> {
  if (input.campaign_id) await getCampaignOrThrow(ctx.db, accountId, input.campaign_id);
  return {
    dryRun: input.dry_run,
    onConflict: input.on_conflict,
    tags: input.tags,
    campaignId: input.campaign_id || null,
  };
}
