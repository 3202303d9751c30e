import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { limitToJson } from "../accounts/account-plans";
import { checkAliasAvailability } from "../links/check-alias-availability";
import { createLink } from "../links/create-link";
import { deleteLink } from "../links/delete-link";
import { getLinkOrThrow } from "../links/get-link-or-throw";
import { getLinkStats } from "../links/get-link-stats";
import {
  createLinkInputSchema,
  listLinksQuerySchema,
  updateLinkInputSchema,
} from "../links/link-input-schemas";
import { listLinks } from "../links/list-links";
import { restoreLink } from "../links/restore-link";
import { linkViewSchema, toLinkView } from "../links/to-link-view";
import { updateLink } from "../links/update-link";
import type { ApiDependencies } from "./api-dependencies";
import { registerBulkLinkRoutes } from "./bulk-link-routes";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";
import { codeParams, domainQuery } from "./link-reference-schemas";
import { paginationOf, paginationSchema } from "./pagination";

const linkResponse = z.object({ success: z.literal(true), url: linkViewSchema });

/**
 * Short-link routes, mounted twice: at /urls and /short-urls (docs/api/links.md#routes).
 * Same handlers, same scopes.
 */
export function registerLinkRoutes(
  root: FastifyInstance,
  deps: ApiDependencies,
  base: "/urls" | "/short-urls",
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["Short URLs"];
  registerBulkLinkRoutes(root, deps, base);

  app.post(base, {
    preHandler: guard(deps, "shorturl:create"),
    schema: {
      tags,
      summary: "Create a short URL",
      body: createLinkInputSchema,
      response: { 201: linkResponse, ...errorResponses(404, 409, 413) },
      security: securityOf("shorturl:create"),
    },
    handler: async (request, reply) => {
      const row = await createLink(ctx, accountOf(request), request.body);
      return reply.code(201).send({ success: true as const, url: toLinkView(row, ctx.hosts) });
    },
  });

  app.get(base, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags,
      summary: "List your short URLs",
      querystring: listLinksQuerySchema,
      response: {
        200: z.object({
          success: z.literal(true),
          urls: z.array(linkViewSchema),
          pagination: paginationSchema,
        }),
        ...errorResponses(),
      },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => {
      const page = await listLinks(ctx.db, accountOf(request), request.query);
      return {
        success: true as const,
        urls: page.items.map((row) => toLinkView(row, ctx.hosts)),
        pagination: paginationOf(page),
      };
    },
  });

  app.get(`${base}/check-alias`, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags,
      summary: "Check whether a custom alias is available",
      querystring: z.strictObject({
        alias: z.string().max(100),
        domain: z
          .string()
          .max(253)
          .optional()
          .describe(
            "One of your hosts: a reserved subdomain or a verified branded domain; default the standard short host",
          ),
      }),
      response: {
        200: z.object({
          success: z.literal(true),
          alias: z.string(),
          domain: z.string(),
          available: z.boolean(),
          reason: z
            .enum(["invalid", "reserved", "taken", "recently_deleted"])
            .optional()
            .describe("recently_deleted: another account deleted it; held during the code quarantine"),
        }),
        ...errorResponses(404, 409),
      },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => {
      const result = await checkAliasAvailability(
        ctx,
        accountOf(request),
        request.query.alias,
        request.query.domain,
      );
      return { success: true as const, ...result };
    },
  });

  app.get(`${base}/stats`, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags,
      summary: "Counts of your short URLs",
      response: {
        200: z.object({
          success: z.literal(true),
          stats: z.object({
            totalLinks: z.number(),
            dynamicLinks: z.number(),
            passwordProtectedLinks: z.number(),
            expiringLinks: z.number(),
            qrLinks: z.number(),
            totalClicks: z.number(),
            maxLinks: z.number().nullable().describe("The plan's maximum; null: unlimited, 0: not included"),
          }),
        }),
        ...errorResponses(),
      },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => {
      const accountId = accountOf(request);
      const [stats, plan] = await Promise.all([
        getLinkStats(ctx.db, accountId),
        ctx.plans.getPlan(accountId),
      ]);
      return { success: true as const, stats: { ...stats, maxLinks: limitToJson(plan.maxLinks) } };
    },
  });

  app.get(`${base}/:code`, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags,
      summary: "Get a short URL",
      params: codeParams,
      querystring: domainQuery,
      response: { 200: linkResponse, ...errorResponses(404) },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => {
      const row = await getLinkOrThrow(ctx.db, ctx.hosts, accountOf(request), {
        shortCode: request.params.code,
        domain: request.query.domain,
      });
      return { success: true as const, url: toLinkView(row, ctx.hosts) };
    },
  });

  app.patch(`${base}/:code`, {
    preHandler: guard(deps, "shorturl:update"),
    schema: {
      tags,
      summary: "Update a short URL",
      params: codeParams,
      querystring: domainQuery,
      body: updateLinkInputSchema,
      response: { 200: linkResponse, ...errorResponses(404, 409, 413) },
      security: securityOf("shorturl:update"),
    },
    handler: async (request) => {
      const row = await updateLink(
        ctx,
        accountOf(request),
        { shortCode: request.params.code, domain: request.query.domain },
        request.body,
      );
      return { success: true as const, url: toLinkView(row, ctx.hosts) };
    },
  });

  app.delete(`${base}/:code`, {
    preHandler: guard(deps, "shorturl:delete"),
    schema: {
      tags,
      summary: "Delete a short URL",
      params: codeParams,
      querystring: domainQuery,
      response: { 200: linkResponse, ...errorResponses(404, 409) },
      security: securityOf("shorturl:delete"),
    },
    handler: async (request) => {
      const row = await deleteLink(ctx, accountOf(request), {
        shortCode: request.params.code,
        domain: request.query.domain,
      });
      return { success: true as const, url: toLinkView(row, ctx.hosts) };
    },
  });

  // Our answer to deleted codes being held for their owner
  // (docs/api/links.md#deleting-and-restoring; README "Deleted codes"). Restoring brings a link
  // into existence again, counted by the plan: create's scope.
  app.post(`${base}/:code/restore`, {
    preHandler: guard(deps, "shorturl:create"),
    schema: {
      tags,
      summary: "Restore a deleted short URL",
      description:
        "Brings back a link you deleted, with its code, host and settings, while its code is still " +
        "held for you (DELETED_CODE_QUARANTINE_DAYS, 90 by default). {code} is the code, alias or link id.",
      params: codeParams,
      querystring: domainQuery,
      response: { 200: linkResponse, ...errorResponses(404, 409) },
      security: securityOf("shorturl:create"),
    },
    handler: async (request) => {
      const row = await restoreLink(ctx, accountOf(request), {
        shortCode: request.params.code,
        domain: request.query.domain,
      });
      return { success: true as const, url: toLinkView(row, ctx.hosts) };
    },
  });
}
