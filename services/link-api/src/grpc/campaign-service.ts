import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import type { campaignsV1 } from "@kurz/proto";
import { mapDatabaseErrors } from "@kurz/relational";
import { optionalText, parseInput } from "@kurz/service-runtime";
import {
  createCampaignInputSchema,
  listCampaignsQuerySchema,
  updateCampaignInputSchema,
} from "../campaigns/campaign-input-schemas";
import { withLinkCount } from "../campaigns/campaign-with-count";
import { createCampaign } from "../campaigns/create-campaign";
import { deleteCampaign } from "../campaigns/delete-campaign";
import { toCampaignMessage } from "../campaigns/enqueue-campaign-changed";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import { listCampaigns } from "../campaigns/list-campaigns";
import { moveLinkToCampaign } from "../campaigns/move-link-to-campaign";
import { updateCampaign } from "../campaigns/update-campaign";
import type { LinkApiContext } from "../link-api-context";
import { listLinks } from "../links/list-links";
import { pageInfoOf, pageOf } from "./page-request";
import { toLinkMessage } from "./to-link-message";

export function createCampaignService(
  ctx: LinkApiContext,
): GrpcServiceImplementation<typeof campaignsV1.CampaignService.method> {
  return mapDatabaseErrors({
    async createCampaign(request, context) {
      const input = parseInput(createCampaignInputSchema, {
        name: request.name,
        description: optionalText(request.description),
        tags: request.tags.length > 0 ? request.tags : undefined,
      });
      return { campaign: toCampaignMessage(await createCampaign(ctx, callingAccount(context), input)) };
    },

    async getCampaign(request, context) {
      const row = await getCampaignOrThrow(ctx.db, callingAccount(context), request.id);
      return { campaign: toCampaignMessage(await withLinkCount(ctx.db, row)) };
    },

    async listCampaigns(request, context) {
      const query = parseInput(listCampaignsQuerySchema, {
        ...pageOf(request.page),
        search: optionalText(request.search),
      });
      const page = await listCampaigns(ctx.db, callingAccount(context), query);
      return { campaigns: page.items.map(toCampaignMessage), page: pageInfoOf(page) };
    },

    async updateCampaign(request, context) {
      const input = parseInput(updateCampaignInputSchema, {
        name: request.name,
        description: request.description,
        tags: request.tags?.tags,
      });
      return {
        campaign: toCampaignMessage(await updateCampaign(ctx, callingAccount(context), request.id, input)),
      };
    },

    async deleteCampaign(request, context) {
      return { campaign: toCampaignMessage(await deleteCampaign(ctx, callingAccount(context), request.id)) };
    },

    async listCampaignLinks(request, context) {
      const accountId = callingAccount(context);
      const campaign = await getCampaignOrThrow(ctx.db, accountId, request.id);
      const page = await listLinks(ctx.db, accountId, {
        ...pageOf(request.page),
        sortBy: "created_at",
        campaign_id: campaign.id,
      });
      return { links: page.items.map((row) => toLinkMessage(row, ctx.hosts)), page: pageInfoOf(page) };
    },

    async assignLink(request, context) {
      const result = await moveLinkToCampaign(
        ctx,
        callingAccount(context),
        request.id,
        { shortCode: request.shortCode, domain: request.domain },
        "assign",
      );
      return { campaign: toCampaignMessage(result.campaign), link: toLinkMessage(result.link, ctx.hosts) };
    },

    async removeLink(request, context) {
      const result = await moveLinkToCampaign(
        ctx,
        callingAccount(context),
        request.id,
        { shortCode: request.shortCode, domain: request.domain },
        "remove",
      );
      return { campaign: toCampaignMessage(result.campaign), link: toLinkMessage(result.link, ctx.hosts) };
    },
  });
}
