import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCampaignInputSchema,
  listCampaignsQuerySchema,
  updateCampaignInputSchema,
} from "../campaigns/campaign-input-schemas";
import { withLinkCount } from "../campaigns/campaign-with-count";
import { createCampaign } from "../campaigns/create-campaign";
import { deleteCampaign } from "../campaigns/delete-campaign";
import { getCampaignOrThrow } from "../campaigns/get-campaign-or-throw";
import { listCampaigns } from "../campaigns/list-campaigns";
import { moveLinkToCampaign } from "../campaigns/move-link-to-campaign";
import { campaignViewSchema, toCampaignView } from "../campaigns/to-campaign-view";
import { updateCampaign } from "../campaigns/update-campaign";
import { listLinks } from "../links/list-links";
import { linkViewSchema, toLinkView } from "../links/to-link-view";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";
import { paginationOf, paginationSchema } from "./pagination";

const idParams = z.object({ id: z.string().max(64).describe("Campaign UUID") });
const campaignResponse = z.object({ success: z.literal(true), campaign: campaignViewSchema });
const membershipResponse = z.object({
  success: z.literal(true),
  campaign: campaignViewSchema,
  url: linkViewSchema,
});

export function registerCampaignRoutes(root: FastifyInstance, deps: ApiDependencies): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["Campaigns"];

  app.post("/campaigns", {
    preHandler: guard(deps, "campaign:write"),
    schema: {
      tags,
      summary: "Create a campaign",
      body: createCampaignInputSchema,
      response: { 201: campaignResponse, ...errorResponses(409) },
      security: securityOf("campaign:write"),
    },
    handler: async (request, reply) => {
      const campaign = await createCampaign(ctx, accountOf(request), request.body);
      return reply.code(201).send({ success: true as const, campaign: toCampaignView(campaign) });
    },
  });

  app.get("/campaigns", {
    preHandler: guard(deps, "campaign:read"),
    schema: {
      tags,
      summary: "List your campaigns",
      querystring: listCampaignsQuerySchema,
      response: {
        200: z.object({
          success: z.literal(true),
          campaigns: z.array(campaignViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(),
      },
      security: securityOf("campaign:read"),
    },
    handler: async (request) => {
      const page = await listCampaigns(ctx.db, accountOf(request), request.query);
      return {
        success: true as const,
        campaigns: page.items.map(toCampaignView),
        pagination: paginationOf(page),
      };
    },
  });

  app.get("/campaigns/:id", {
    preHandler: guard(deps, "campaign:read"),
    schema: {
      tags,
      summary: "Get a campaign",
      params: idParams,
      response: { 200: campaignResponse, ...errorResponses(404) },
      security: securityOf("campaign:read"),
    },
    handler: async (request) => {
      const row = await getCampaignOrThrow(ctx.db, accountOf(request), request.params.id);
      return { success: true as const, campaign: toCampaignView(await withLinkCount(ctx.db, row)) };
    },
  });

  app.patch("/campaigns/:id", {
    preHandler: guard(deps, "campaign:write"),
    schema: {
      tags,
      summary: "Update a campaign",
      params: idParams,
      body: updateCampaignInputSchema,
      response: { 200: campaignResponse, ...errorResponses(404, 409) },
      security: securityOf("campaign:write"),
    },
    handler: async (request) => {
      const campaign = await updateCampaign(ctx, accountOf(request), request.params.id, request.body);
      return { success: true as const, campaign: toCampaignView(campaign) };
    },
  });

  app.delete("/campaigns/:id", {
    preHandler: guard(deps, "campaign:write"),
    schema: {
      tags,
      summary: "Delete a campaign (its links stay, detached)",
      params: idParams,
      response: { 200: campaignResponse, ...errorResponses(404) },
      security: securityOf("campaign:write"),
    },
    handler: async (request) => {
      const campaign = await deleteCampaign(ctx, accountOf(request), request.params.id);
      return { success: true as const, campaign: toCampaignView(campaign) };
    },
  });

  app.get("/campaigns/:id/urls", {
    preHandler: guard(deps, "campaign:read"),
    schema: {
      tags,
      summary: "List the short URLs of a campaign",
      params: idParams,
      querystring: z.strictObject({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        limit: z.coerce.number().int().min(1).max(100).default(10),
      }),
      response: {
        200: z.object({
          success: z.literal(true),
          urls: z.array(linkViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(404),
      },
      security: securityOf("campaign:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const campaign = await getCampaignOrThrow(ctx.db, accountId, request.params.id);
      const page = await listLinks(ctx.db, accountId, {
        ...request.query,
        sortBy: "created_at",
        campaign_id: campaign.id,
      });
      return {
        success: true as const,
        urls: page.items.map((row) => toLinkView(row, ctx.hosts)),
        pagination: paginationOf(page),
      };
    },
  });

  app.post("/campaigns/:id/urls", {
    preHandler: guard(deps, "campaign:write"),
    schema: {
      tags,
      summary: "Assign a short URL to the campaign",
      params: idParams,
      body: z.strictObject({
        shortCode: z.string().min(1).max(64).describe("Short code, alias or link id"),
        domain: z.string().max(253).optional(),
      }),
      response: { 200: membershipResponse, ...errorResponses(404) },
      security: securityOf("campaign:write"),
    },
    handler: async (request) => {
      const result = await moveLinkToCampaign(
        ctx,
        accountOf(request),
        request.params.id,
        request.body,
        "assign",
      );
      return {
        success: true as const,
        campaign: toCampaignView(result.campaign),
        url: toLinkView(result.link, ctx.hosts),
      };
    },
  });

  app.delete("/campaigns/:id/urls/:code", {
    preHandler: guard(deps, "campaign:write"),
    schema: {
      tags,
      summary: "Remove a short URL from the campaign",
      params: idParams.extend({ code: z.string().min(1).max(64) }),
      querystring: z.strictObject({ domain: z.string().max(253).optional() }),
      response: { 200: membershipResponse, ...errorResponses(404, 409) },
      security: securityOf("campaign:write"),
    },
    handler: async (request) => {
      const result = await moveLinkToCampaign(
        ctx,
        accountOf(request),
        request.params.id,
        { shortCode: request.params.code, domain: request.query.domain },
        "remove",
      );
      return {
        success: true as const,
        campaign: toCampaignView(result.campaign),
        url: toLinkView(result.link, ctx.hosts),
      };
    },
  });
}
